__global__ void scale_in_place(const float *in, int n)
{
    float *data = in;
    if (threadIdx.x < n) data[threadIdx.x] *= 2.0f;
}
// expect-nvcc: error
