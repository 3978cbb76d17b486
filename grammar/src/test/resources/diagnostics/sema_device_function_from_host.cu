__device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

float total(float v)
{
    return warp_sum(v);
}
// expect-nvcc: error
