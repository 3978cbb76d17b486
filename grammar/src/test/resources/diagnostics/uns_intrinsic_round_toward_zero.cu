__global__ void add_rz(const float *a, const float *b, float *c)
{
    int i = threadIdx.x;
    c[i] = __fadd_rz(a[i], b[i]);
}
