__global__ int count_positive(const float *in, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        if (in[i] > 0.0f) c++;
    return c;
}
// expect-nvcc: error
