int g_num_elements = 1024;

__global__ void scale(float *data)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < g_num_elements) data[i] *= 2.0f;
}
// expect-nvcc: error
