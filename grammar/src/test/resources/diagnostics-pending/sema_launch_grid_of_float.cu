__global__ void scale(float *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= 2.0f;
}

void run(float *d_data, int n)
{
    scale<<<(n + 255) / 256.0f, 256>>>(d_data, n);
}
