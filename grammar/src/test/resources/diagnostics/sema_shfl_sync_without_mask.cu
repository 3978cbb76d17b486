__device__ float warp_inclusive_scan(float v)
{
    int lane = threadIdx.x & 31;
    for (int offset = 1; offset < 32; offset *= 2) {
        float up = __shfl_up_sync(v, offset);
        if (lane >= offset) v += up;
    }
    return v;
}
// expect-nvcc: error
