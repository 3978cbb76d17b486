// Overloaded device functions, as scan code writes one helper per element type: the call's
// argument types choose the overload, as C++ does (an exact match before a promotion before a
// conversion). Each overload is an IR function of its own, named by its signature.
//
// One block of up to 1024 threads: a warp-shuffle inclusive scan, then the warps' totals.

#define WARP 32

__device__ float warp_scan(float value, int lane)
{
    for (int delta = 1; delta < WARP; delta *= 2) {
        float other = __shfl_up_sync(0xffffffffu, value, delta);
        if (lane >= delta) {
            value += other;
        }
    }
    return value;
}

__device__ int warp_scan(int value, int lane)
{
    for (int delta = 1; delta < WARP; delta *= 2) {
        int other = __shfl_up_sync(0xffffffffu, value, delta);
        if (lane >= delta) {
            value += other;
        }
    }
    return value;
}

__device__ float zero(float) { return 0.0f; }
__device__ int zero(int) { return 0; }

__global__ void block_scan(const float *in, float *out, int n)
{
    __shared__ float totals[WARP];
    int tid = threadIdx.x;
    int lane = tid % WARP;
    int warp = tid / WARP;
    float value = tid < n ? in[tid] : zero(1.0f);
    value = warp_scan(value, lane);
    if (lane == WARP - 1) {
        totals[warp] = value;
    }
    __syncthreads();
    if (warp == 0) {
        int warps = (int) (blockDim.x / WARP);
        totals[lane] = warp_scan(lane < warps ? totals[lane] : zero(0.0f), lane);
    }
    __syncthreads();
    if (warp > 0) {
        value += totals[warp - 1];
    }
    if (tid < n) {
        out[tid] = value;
    }
}

void scan(const float *in, float *out, int n)
{
    int threads = (n + WARP - 1) / WARP * WARP;
    block_scan<<<1, threads>>>(in, out, n);
}
