// A float has no member functions: only cooperative groups' objects do in the subset.
__global__ void sync_value(float *x, int n)
{
    float v = x[threadIdx.x];
    v.sync();
}
// expect-nvcc: error
