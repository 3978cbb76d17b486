// Valid C++: a default argument may read a variable, evaluated at each call. The subset takes
// constants only.
int default_block = 256;

int blocks_for(int n, int block = default_block)
{
    return (n + block - 1) / block;
}

__global__ void fill(float *x, int n)
{
    if (threadIdx.x < n) x[threadIdx.x] = 0.0f;
}

void entry(const float *in, float *out, int n)
{
    fill<<<blocks_for(n), 256>>>(out, n);
}
