__constant__ float weights[3] = {0.25f, 0.5f, 0.25f, 0.0f};

__global__ void smooth(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i + 1 < n)
        out[i] = weights[0] * in[i - 1] + weights[1] * in[i] + weights[2] * in[i + 1];
}
// expect-nvcc: error
