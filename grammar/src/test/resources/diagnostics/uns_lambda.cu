__global__ void scale(float *data, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = [](float x, float f) { return x * f; }(data[i], factor);
}
