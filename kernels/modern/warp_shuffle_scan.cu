// warp_shuffle_scan.cu: an inclusive block scan built from warp-shuffle scans (Kogge-Stone inside
// each warp with __shfl_up_sync), extended to any n by scan-then-propagate across blocks.
//
// Source:   no seed file. The warp scan is the CUDA C++ Programming Guide's shuffle example
//           ("Warp Shuffle Functions", Examples: "Inclusive plus-scan across sub-partitions of
//           8 threads", here over the whole warp: log2(32) = 5 steps of
//           __shfl_up_sync(0xffffffff, v, d), added where lane >= d); the block scan and the
//           multi-block scheme follow NVIDIA's CUDA sample shfl_scan (cuda-samples,
//           Samples/2_Concepts_and_Techniques/shfl_scan: shfl_scan_test and uniform_add):
//           each warp scans its 32 values, lane 31 writes the warp total to shared memory,
//           warp 0 scans the warp totals with the same shuffle scan, and every lane of warp w > 0
//           adds the inclusive total of warps 0..w-1. Blocks are combined by scan-then-propagate
//           (Sengupta, Harris, Garland, "Efficient Parallel Scan Algorithms for GPUs", NVIDIA
//           Technical Report NVR-2008-003, 2008): per-block scans write block sums, the block
//           sums are scanned by the same routine (host recursion, as pmpp/hierarchical_scan.cu),
//           and a uniform add adds sums[b - 1] to block b. Our own code, not copied.
// Scan:     inclusive
// Sizes:    1 <= n <= 16777216 (the entry refuses other n; the limit is the catalog's, where the
//           float sums of the test input stay exact). ceil(n / BLOCK_SIZE) blocks of BLOCK_SIZE
//           threads, one element per thread, no dynamic shared memory (BLOCK_SIZE / 32 floats of
//           static shared memory). BLOCK_SIZE defaults to 512, the most a G80 block may have;
//           -DBLOCK_SIZE=1024 works from Fermi on (a multiple of 32, at most 1024, so that one
//           warp can scan the warp totals). Elements past n are 0: the lanes holding them still
//           take part in every shuffle, so the full mask 0xffffffff is right in a partial warp;
//           they are never stored.
// Host:     scans the N values of a level; if that level has more than one block, cudaMallocs
//           sums[numBlocks], scans it in place by recursion and runs the uniform add.
// Work:     the simulator's counter: adds on values derived from the input, adds of the padding
//           0 to such values included. Per level of N values (B = 512, 16 warps per block):
//           - warp scans: a full warp does sum over d in {1,2,4,8,16} of (32 - d) = 129 adds;
//             a warp with m < 32 values does sum_d min(32 - d, m + d - 1), since the zero lanes
//             become derived as values shift into them; a warp with no value does none;
//           - scan of the warp totals: the same count with m = w, the number of warps of the
//             block that hold a value; w <= 16 gives 4 w + 27 (91 for a full block);
//           - warp prefix: one add per value outside the first warp of its block;
//           - uniform add: one add per value outside the first block.
//           Summed: L(N) = 5 N + 31 ceil(N/32) - 26 floor(N/32) + 27 ceil(N/512)
//           - 32 floor(N/512) - min(32, N mod 512) - max(0, m-17) - max(0, m-25) - max(0, m-29)
//           + max(0, N - 512), m = N mod 32; the block sums are scanned the same way, so
//           work = L(n) + [n > 512] L(ceil(n/512)) + [n > 2^18] L(ceil(n/2^18)), about 6.16 n
//           (measured = formula at all 15 catalog sizes on g80 and hopper, and at 2^24).
// Depth:    the span is 11 steps per level (5 warp steps, 5 for the warp totals, 1 warp prefix)
//           plus 1 per uniform add: 12 L - 1 for L = max(1, ceil(log2(n) / 9)) levels. The
//           longest chain of dependent adds from an input to an output is shorter (ceil(log2 n)
//           for n <= 32, 6 + ceil(log2(ceil(n/32) - 1)) up to n = 512, 22 at n = 2^20); the
//           metadata holds that dataflow depth as a closed formula.
// Errata:   none.
// Entry:    void warp_shuffle_scan(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 512
#endif

#define WARP_SIZE 32

// Inclusive Kogge-Stone scan of the 32 values v of one warp: 5 shuffle steps. Every lane of the
// warp must call it (the mask names all 32 lanes).
__device__ float warp_inclusive_scan(float v, unsigned int lane)
{
    for (unsigned int d = 1; d < WARP_SIZE; d *= 2) {
        float t = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) {
            v += t;
        }
    }
    return v;
}

// Scans the BLOCK_SIZE values of block blockIdx.x from X to Y and writes the block's total to
// sums[blockIdx.x] (when sums is not null).
__global__ void warp_shuffle_scan_kernel(float *X, float *Y, float *sums, unsigned int N)
{
    __shared__ float warp_totals[BLOCK_SIZE / WARP_SIZE];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x % WARP_SIZE;
    unsigned int warp = threadIdx.x / WARP_SIZE;

    float v = 0.0f;
    if (i < N) {
        v = X[i];
    }
    v = warp_inclusive_scan(v, lane);
    if (lane == WARP_SIZE - 1) {
        warp_totals[warp] = v;
    }
    __syncthreads();

    if (warp == 0) {
        float s = 0.0f;
        if (lane < BLOCK_SIZE / WARP_SIZE) {
            s = warp_totals[lane];
        }
        s = warp_inclusive_scan(s, lane);
        if (lane < BLOCK_SIZE / WARP_SIZE) {
            warp_totals[lane] = s;
        }
    }
    __syncthreads();

    if (i < N) {
        if (warp > 0) {
            v += warp_totals[warp - 1];
        }
        Y[i] = v;
    }
    if (sums != NULL && threadIdx.x == 0) {
        sums[blockIdx.x] = warp_totals[BLOCK_SIZE / WARP_SIZE - 1];
    }
}

// Uniform add: block b > 0 adds the inclusive total of blocks 0..b-1.
__global__ void warp_shuffle_uniform_add_kernel(float *Y, float *sums, unsigned int N)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < N) {
        Y[i] += sums[blockIdx.x - 1];
    }
}

// Inclusive scan of N >= 1 floats from X to Y (device pointers; they may be the same).
void warp_shuffle_scan_recursive(float *X, float *Y, unsigned int N)
{
    unsigned int numBlocks = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (numBlocks == 1) {
        warp_shuffle_scan_kernel<<<1, BLOCK_SIZE, 0>>>(X, Y, NULL, N);
        return;
    }
    float *sums;
    cudaMalloc((void **)&sums, numBlocks * sizeof(float));
    warp_shuffle_scan_kernel<<<numBlocks, BLOCK_SIZE, 0>>>(X, Y, sums, N);
    warp_shuffle_scan_recursive(sums, sums, numBlocks);
    warp_shuffle_uniform_add_kernel<<<numBlocks, BLOCK_SIZE, 0>>>(Y, sums, N);
    cudaFree(sums);
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void warp_shuffle_scan(const float *in, float *out, int n)
{
    if (n < 1 || n > 16777216) {
        printf("warp_shuffle_scan: n = %d is not supported (need 1 <= n <= 16777216)\n", n);
        return;
    }
    warp_shuffle_scan_recursive((float *)in, out, (unsigned int)n);
}
