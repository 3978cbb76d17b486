// decoupled_lookback.cu: single-pass inclusive scan with decoupled look-back (Merrill & Garland):
// each block scans one tile with warp shuffles, publishes the tile's aggregate at once, and
// combines the aggregates and inclusive prefixes its predecessors have published.
//
// Source:   no seed file. Duane Merrill and Michael Garland, "Single-pass Parallel Prefix Scan
//           with Decoupled Look-back", NVIDIA Technical Report NVR-2016-002, 2016, the method
//           it describes: a status word per tile holding a flag, X (nothing published
//           yet), A (aggregate available) or P (inclusive prefix available), and a value; a tile
//           publishes its aggregate with A, walks back over its predecessors (P: add its
//           inclusive prefix and stop; A: add its aggregate and go on to the previous tile; X:
//           wait on that tile), then publishes its inclusive prefix with P. Tiles are taken in
//           the order blocks start, through a counter (a dynamic tile index, the same atomicAdd
//           as in pmpp/chained_scan.cu). The tile scan is the warp-shuffle block scan
//           of modern/warp_shuffle_scan.cu. Our own code, much simpler than CUB's
//           (ScanTileState / TilePrefixCallbackOp): one element per thread, and thread 0 looks
//           back one predecessor at a time instead of a warp inspecting 32 at once.
// Scan:     inclusive
// Sizes:    1 <= n <= 16777216. ceil(n / BLOCK_SIZE) blocks of BLOCK_SIZE threads, one element
//           per thread, one launch; elements past n are 0 and never stored. BLOCK_SIZE defaults
//           to 512, the most a G80 block may have (-DBLOCK_SIZE=1024 works from Fermi on; a
//           multiple of 32, at most 1024).
// Status:   flag and value are separate words, written value first, __threadfence(), then the
//           flag; a reader loads the flag (volatile), __threadfence(), then the value (volatile),
//           so it never uses a value older than the flag it saw. A tile's aggregate and its
//           inclusive prefix have separate slots (aggregates[], prefixes[]), each written once,
//           so a reader that saw A reads an aggregate that the later P cannot overwrite.
// Host:     cudaMallocs flags[numTiles] (int), aggregates[numTiles], prefixes[numTiles] (float)
//           and the tile counter, cudaMemsets flags and counter to 0 (= X, tile 0 first), one
//           launch, frees them.
// Work:     the simulator's counter: adds on values derived from the input, adds of the padding
//           0 to such values included. With T = ceil(n / 512) tiles:
//           - tile scans: as one level of warp_shuffle_scan.cu without its uniform add (129 per
//             full warp, sum_d min(32 - d, m + d - 1) for a warp of m < 32 values, 4 w + 27 for
//             the scan of w warp totals, one add per value outside the first warp of its tile);
//           - look-back: one add per predecessor whose aggregate (A) is taken, plus one add for
//             the inclusive prefix of every tile but tile 0. In the simulator's default order
//             blocks start in index order and each finishes in its first turn, so every look-back finds P at its direct
//             predecessor: T - 1 adds in all (on hardware one more add per A met);
//           - exclusive prefix: one add per value outside tile 0, max(0, n - 512).
//           Summed: 5 n + 31 ceil(n/32) - 26 floor(n/32) + 28 ceil(n/512) - 32 floor(n/512) - 1
//           - min(32, n mod 512) - max(0, m-17) - max(0, m-25) - max(0, m-29) + max(0, n - 512),
//           m = n mod 32, about 6.16 n (measured = formula at all 15 catalog sizes on g80 and
//           hopper, and at 2^24).
// Depth:    the tile scan is 11 dependent adds (5 + 5 + 1); the inclusive prefixes form a chain
//           of one add per tile (P_t = P_{t-1} + aggregate_t in the simulator's order) and each
//           output adds its tile's exclusive prefix: T + 8 for T >= 3 tiles (the metadata holds
//           the exact dataflow depth for every n). On hardware, a look-back that sums A
//           aggregates shortens that chain only where tiles run at the same time.
// Errata:   none.
// Entry:    void decoupled_lookback(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 512
#endif

#define WARP_SIZE 32

// Tile status flags (flags[] is cudaMemset to 0 = X).
#define FLAG_X 0
#define FLAG_A 1
#define FLAG_P 2

// Inclusive Kogge-Stone scan of the 32 values v of one warp: 5 shuffle steps. Every lane of the
// warp must call it (the mask names all 32 lanes).
__device__ float lookback_warp_scan(float v, unsigned int lane)
{
    for (unsigned int d = 1; d < WARP_SIZE; d *= 2) {
        float t = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) {
            v += t;
        }
    }
    return v;
}

// Waits until tile j has published something (flag A or P) and returns the flag; the fence
// orders the loads of the value that follow after the load of the flag.
__device__ int lookback_wait_status(volatile int *flags, int j)
{
    int f = flags[j];
    while (f == FLAG_X) {
        f = flags[j];
    }
    __threadfence();
    return f;
}

__global__ void decoupled_lookback_kernel(float *X, float *Y, unsigned int N,
                                          volatile int *flags, volatile float *aggregates,
                                          volatile float *prefixes, unsigned int *tileCounter)
{
    __shared__ unsigned int tile_s;
    __shared__ float warp_totals[BLOCK_SIZE / WARP_SIZE];
    __shared__ float exclusive_s;

    // Dynamic tile index: every tile this one waits for belongs to a block that has started.
    if (threadIdx.x == 0) {
        tile_s = atomicAdd(tileCounter, 1);
    }
    __syncthreads();
    unsigned int tile = tile_s;

    // Block scan of the tile: warp scans, a warp scan of the warp totals, warp prefixes.
    unsigned int i = tile * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x % WARP_SIZE;
    unsigned int warp = threadIdx.x / WARP_SIZE;
    float v = 0.0f;
    if (i < N) {
        v = X[i];
    }
    v = lookback_warp_scan(v, lane);
    if (lane == WARP_SIZE - 1) {
        warp_totals[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        float s = 0.0f;
        if (lane < BLOCK_SIZE / WARP_SIZE) {
            s = warp_totals[lane];
        }
        s = lookback_warp_scan(s, lane);
        if (lane < BLOCK_SIZE / WARP_SIZE) {
            warp_totals[lane] = s;
        }
    }
    __syncthreads();

    // Publish the aggregate, look back, publish the inclusive prefix.
    if (threadIdx.x == 0) {
        float aggregate = warp_totals[BLOCK_SIZE / WARP_SIZE - 1];
        if (tile == 0) {
            prefixes[0] = aggregate;
            __threadfence();
            flags[0] = FLAG_P;
        } else {
            aggregates[tile] = aggregate;
            __threadfence();
            flags[tile] = FLAG_A;

            int j = (int)tile - 1;
            int f = lookback_wait_status(flags, j);
            float exclusive;
            if (f == FLAG_P) {
                exclusive = prefixes[j];
            } else {
                exclusive = aggregates[j];
            }
            while (f == FLAG_A) {       // tile 0 always publishes P: j stays >= 0
                j = j - 1;
                f = lookback_wait_status(flags, j);
                if (f == FLAG_P) {
                    exclusive = prefixes[j] + exclusive;
                } else {
                    exclusive = aggregates[j] + exclusive;
                }
            }
            prefixes[tile] = exclusive + aggregate;
            __threadfence();
            flags[tile] = FLAG_P;
            exclusive_s = exclusive;
        }
    }
    __syncthreads();

    if (i < N) {
        if (warp > 0) {
            v += warp_totals[warp - 1];
        }
        if (tile > 0) {
            v += exclusive_s;
        }
        Y[i] = v;
    }
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void decoupled_lookback(const float *in, float *out, int n)
{
    if (n < 1 || n > 16777216) {
        printf("decoupled_lookback: n = %d is not supported (need 1 <= n <= 16777216)\n", n);
        return;
    }
    unsigned int numTiles = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    int *flags;
    float *aggregates;
    float *prefixes;
    unsigned int *tileCounter;
    cudaMalloc((void **)&flags, numTiles * sizeof(int));
    cudaMalloc((void **)&aggregates, numTiles * sizeof(float));
    cudaMalloc((void **)&prefixes, numTiles * sizeof(float));
    cudaMalloc((void **)&tileCounter, sizeof(unsigned int));
    cudaMemset(flags, 0, numTiles * sizeof(int));
    cudaMemset(tileCounter, 0, sizeof(unsigned int));
    decoupled_lookback_kernel<<<numTiles, BLOCK_SIZE, 0>>>((float *)in, out, (unsigned int)n,
                                                          flags, aggregates, prefixes,
                                                          tileCounter);
    cudaFree(flags);
    cudaFree(aggregates);
    cudaFree(prefixes);
    cudaFree(tileCounter);
}
