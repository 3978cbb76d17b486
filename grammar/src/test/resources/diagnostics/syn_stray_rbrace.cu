__global__ void scale(float *data, int n)
{
    int thid = threadIdx.x;
    if (thid < n) {
        data[thid] *= 2.0f;
    }
}
}
// expect-nvcc: error
