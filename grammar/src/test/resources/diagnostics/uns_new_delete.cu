// new on the device allocates from the device heap, which scansim does not simulate.
__global__ void per_thread_scratch(float *out, int n)
{
    float *scratch = new float[n];
    for (int i = 0; i < n; i++) {
        scratch[i] = (float)i;
    }
    out[threadIdx.x] = scratch[n - 1];
    delete[] scratch;
}
