// reduce_then_scan.cu: the Handbook's reduce-then-scan for arrays of arbitrary length.
//
// Source:   The CUDA Handbook, section 13.3 "Scan and Circuit Design"
//           (Nicholas Wilt, 2013), the text after Figure 13.11: "a fan doesn't need
//           to take its input from a Scan per se; any reduction will do ... split the input
//           array into subarrays of length b and compute the sum of each subarray ... we end
//           up with an array of ceil(N/b) reduction values. If we then perform an exclusive
//           scan on that array, it becomes an array of fan inputs (seeds) for scans of each
//           subarray ... for larger inputs, the approach must be applied recursively."
//           The section prints no code and its figures are lost in the text extraction; this
//           is written from that description.
// Scan:     inclusive
// Sizes:    any n >= 1 (the catalog tests 1 <= n <= 2^24). Subarrays ("tiles") of
//           b = TILE_SIZE = BLOCK_SIZE * ITEMS_PER_THREAD = 128 * 16 = 2048 elements, one block
//           of BLOCK_SIZE threads per tile, P = ceil(n / b) tiles (the last may be short):
//             n <= b: one launch, scan_tiles_kernel<<<1, BLOCK_SIZE, 0>>>, no seed;
//             n >  b: pass 1  reduce_tiles_kernel<<<P, BLOCK_SIZE, 0>>>: partials[tile] = the
//                             sum of the tile (partials: P floats, cudaMalloc'd and freed here);
//                     pass 2  the partials are scanned EXCLUSIVE, in place, by this same
//                             routine: one block when P <= b, else recursively (host
//                             recursion; with the defaults that happens for n > 2^22);
//                     pass 3  scan_tiles_kernel<<<P, BLOCK_SIZE, 0>>> scans every tile again
//                             from the input, seeded with partials[tile] (the fan input).
//           -D overrides: BLOCK_SIZE (a power of two, a multiple of 32, at most 1024),
//           ITEMS_PER_THREAD, LOG_NUM_BANKS (default 5: the padding i + i/32 makes the tile
//           loads/stores and the per-thread scans free of bank conflicts on 32 banks).
//           Shared memory of scan_tiles_kernel: b + b/32 + BLOCK_SIZE + BLOCK_SIZE/32 + 32
//           floats = 9,104 bytes with the defaults (fits G80's 16 KB and 512 threads).
// Tile scan (scan_tiles_kernel), a raking scan, chosen for few instructions per element and
//           an exact operation count: (1) coalesced load of the tile into shared memory;
//           (2) thread t scans its ITEMS_PER_THREAD consecutive elements serially and keeps
//           their total; (3) warp 0 scans the BLOCK_SIZE thread totals the same way: lane l
//           scans RAKE = BLOCK_SIZE/32 consecutive totals serially, lane 0 runs through the lane
//           totals starting from the tile's seed (0 without one) and leaves each lane its
//           exclusive prefix, each lane turns its totals into exclusive per-thread prefixes;
//           (4) coalesced store of prefix(owner thread) + element (inclusive), or of the
//           previous element's value and the seed at i = 0 (exclusive).
// Tile reduction (reduce_tiles_kernel): thread t sums elements t, t + BLOCK_SIZE, ... of the
//           tile (coalesced), then a shared-memory tree, one barrier per level.
//           Partial tiles are guarded, never zero-padded: only elements below n are added.
//           The Handbook's own code (cudahandbook scan/, scanReduceThenScan) scans each
//           subarray with its warp-synchronous scanBlock instead; the three passes are the
//           same: the input is read twice (passes 1 and 3) and the output written once.
// Work:     per tile of m elements, with v = ceil(m/16) threads and w = ceil(m/64) lanes of
//           warp 0 holding data:
//             reduction:  (m - min(m,128)) serial + (min(m,128) - 1) tree          = m - 1;
//             scan:       (m - v) serial + (v - w) lane scans + (w - 1) lane prefixes
//                         + (v - w) thread prefixes + m (inclusive) or m - 1 (exclusive)
//                         final additions                                          = 2m + v - w - 1
//                         (exclusive: one less). The seed, or the constant 0 without one,
//                         is the head of the lane-prefix chain, so the count is the same with
//                         and without a seed (adding the untainted 0 still counts).
//           Tiles start at multiples of 2048, so over a pass sum(v) = ceil(n/16) and
//           sum(w) = ceil(n/64). With I(n) the inclusive and E(n) = I(n) - (number of tiles)
//           the exclusive routine, P = ceil(n/2048):
//             I(n) = 2n + ceil(n/16) - ceil(n/64) - 1                         (n <= 2048)
//             I(n) = (n - P) + E(P) + (2n + ceil(n/16) - ceil(n/64) - P)      (n > 2048), so
//             I(n) = 3n + ceil(n/16) - ceil(n/64) + ceil(n/32768) - ceil(n/131072) - 2
//                    for 2048 < n <= 2^22, plus ceil(n/2048) - ceil(n/2^22) above 2^22.
//           About 3.07 n: n - P for the reduction pass, about 2n for the tile scans.
// Depth:    a full tile without a seed: 15 (thread) + 3 (lane) + 31 (lane prefixes) + 1 + 1 = 51;
//           with a seed of depth S (S >= 18): S + 33. A full tile's reduction: 15 + 7 = 22.
//           Formula in reduce_then_scan.json (exact at powers of two, an upper bound elsewhere).
// Errata:   none (no code printed; written from the description).
// Entry:    void reduce_then_scan(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef BLOCK_SIZE
#define BLOCK_SIZE 128
#endif
#ifndef ITEMS_PER_THREAD
#define ITEMS_PER_THREAD 16
#endif
#ifndef LOG_NUM_BANKS
#define LOG_NUM_BANKS 5
#endif

#define TILE_SIZE (BLOCK_SIZE * ITEMS_PER_THREAD)
#define RAKE (BLOCK_SIZE / 32)
#define PAD(i) ((i) + ((i) >> LOG_NUM_BANKS))

// Pass 1: partials[b] = the sum of tile b (elements b*TILE_SIZE ... of in, below n).
__global__ void reduce_tiles_kernel(const float *in, float *partials, unsigned int n)
{
    __shared__ float red[BLOCK_SIZE];
    unsigned int t = threadIdx.x;
    unsigned int base = blockIdx.x * TILE_SIZE;
    unsigned int m = n - base < TILE_SIZE ? n - base : TILE_SIZE;   // elements in this tile
    unsigned int active = m < BLOCK_SIZE ? m : BLOCK_SIZE;          // threads holding data
    const float *tileIn = in + base;

    // Thread t sums elements t, t + BLOCK_SIZE, ... of the tile (coalesced).
    if (t < m) {
        float sum = tileIn[t];
        for (unsigned int i = t + BLOCK_SIZE; i < m; i += BLOCK_SIZE) {
            sum += tileIn[i];
        }
        red[t] = sum;
    }
    // Tree over the first "active" slots: slot t absorbs slot t + stride when that slot holds
    // data; slots >= active are never read. One barrier per level suffices: the slots read
    // (t + stride >= stride) are not written at that level.
    for (unsigned int stride = BLOCK_SIZE / 2; stride > 0; stride /= 2) {
        __syncthreads();
        if (t < stride && t + stride < active) {
            red[t] += red[t + stride];
        }
    }
    if (t == 0) {
        partials[blockIdx.x] = red[0];
    }
}

// Passes 2 and 3 (and the whole scan when n <= TILE_SIZE): block b scans tile b of in into out,
// seeded with seeds[b] when seeds is not null; exclusive != 0 writes the exclusive scan.
// in and out may be the same array (each block reads its tile before it writes it).
__global__ void scan_tiles_kernel(const float *in, float *out, const float *seeds,
                                  unsigned int n, int exclusive)
{
    __shared__ float s[TILE_SIZE + (TILE_SIZE >> LOG_NUM_BANKS)];
    __shared__ float tot[BLOCK_SIZE + (BLOCK_SIZE >> LOG_NUM_BANKS)];
    __shared__ float lanePrefix[32];
    unsigned int t = threadIdx.x;
    unsigned int base = blockIdx.x * TILE_SIZE;
    unsigned int m = n - base < TILE_SIZE ? n - base : TILE_SIZE;   // elements in this tile
    unsigned int v = (m + ITEMS_PER_THREAD - 1) / ITEMS_PER_THREAD; // threads holding data
    unsigned int w = (v + RAKE - 1) / RAKE;                          // lanes of warp 0 holding data
    const float *tileIn = in + base;
    float *tileOut = out + base;

    // (1) Coalesced load into shared memory.
    for (unsigned int i = t; i < m; i += BLOCK_SIZE) {
        s[PAD(i)] = tileIn[i];
    }
    __syncthreads();

    // (2) Thread t: serial inclusive scan of its elements first ... end-1; tot = their total.
    unsigned int first = t * ITEMS_PER_THREAD;
    if (first < m) {
        unsigned int end = m - first < ITEMS_PER_THREAD ? m : first + ITEMS_PER_THREAD;
        float run = s[PAD(first)];
        for (unsigned int k = first + 1; k < end; k++) {
            unsigned int a = PAD(k);
            run += s[a];
            s[a] = run;
        }
        tot[PAD(t)] = run;
    }
    __syncthreads();

    // (3a) Lane l of warp 0: serial inclusive scan of totals l*RAKE ... (below v).
    unsigned int lfirst = t * RAKE;
    unsigned int lend = v - lfirst < RAKE ? v : lfirst + RAKE;
    if (t < 32 && lfirst < v) {
        float run = tot[PAD(lfirst)];
        for (unsigned int r = lfirst + 1; r < lend; r++) {
            unsigned int a = PAD(r);
            run += tot[a];
            tot[a] = run;
        }
        lanePrefix[t] = run;
    }
    __syncthreads();

    // (3b) Lane 0: exclusive prefixes of the w lane totals, starting from the tile's seed.
    if (t == 0) {
        float prefix = 0.0f;
        if (seeds != 0) {
            prefix = seeds[blockIdx.x];
        }
        for (unsigned int l = 0; l < w; l++) {
            float laneTotal = lanePrefix[l];
            lanePrefix[l] = prefix;
            if (l + 1 < w) {
                prefix = prefix + laneTotal;
            }
        }
    }
    __syncthreads();

    // (3c) Lane l: its totals become exclusive per-thread prefixes (top down, in place).
    if (t < 32 && lfirst < v) {
        float prefix = lanePrefix[t];
        for (unsigned int r = lend - 1; r > lfirst; r--) {
            tot[PAD(r)] = prefix + tot[PAD(r - 1)];
        }
        tot[PAD(lfirst)] = prefix;
    }
    __syncthreads();

    // (4) Coalesced store: element i gets the prefix of the thread that scanned it added.
    // The exclusive scan shifts by one element and starts with the seed (thread 0's prefix).
    if (exclusive == 0) {
        for (unsigned int i = t; i < m; i += BLOCK_SIZE) {
            tileOut[i] = tot[PAD(i / ITEMS_PER_THREAD)] + s[PAD(i)];
        }
    } else {
        for (unsigned int i = t; i < m; i += BLOCK_SIZE) {
            if (i == 0) {
                tileOut[0] = tot[PAD(0)];
            } else {
                tileOut[i] = tot[PAD((i - 1) / ITEMS_PER_THREAD)] + s[PAD(i - 1)];
            }
        }
    }
}

// Scan of n >= 1 floats from in to out (device pointers; they may be the same).
void reduce_then_scan_recursive(const float *in, float *out, unsigned int n, int exclusive)
{
    if (n <= TILE_SIZE) {
        scan_tiles_kernel<<<1, BLOCK_SIZE, 0>>>(in, out, 0, n, exclusive);
        return;
    }
    unsigned int numTiles = (n + TILE_SIZE - 1) / TILE_SIZE;
    float *partials;
    cudaMalloc((void **)&partials, numTiles * sizeof(float));
    reduce_tiles_kernel<<<numTiles, BLOCK_SIZE, 0>>>(in, partials, n);            // pass 1
    reduce_then_scan_recursive(partials, partials, numTiles, 1);                  // pass 2
    scan_tiles_kernel<<<numTiles, BLOCK_SIZE, 0>>>(in, out, partials, n, exclusive); // pass 3
    cudaFree(partials);
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void reduce_then_scan(const float *in, float *out, int n)
{
    if (n < 1) {
        printf("reduce_then_scan: n = %d is not supported (need n >= 1)\n", n);
        return;
    }
    reduce_then_scan_recursive(in, out, (unsigned int)n, 0);
}
