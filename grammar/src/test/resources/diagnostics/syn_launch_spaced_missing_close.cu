__global__ void scan(float *out, const float *in, int n)
{
    out[threadIdx.x] = in[threadIdx.x];
}

void run(float *d_out, const float *d_in, int n)
{
    scan<< <1, n >>(d_out, d_in, n);
}
// expect-nvcc: error
