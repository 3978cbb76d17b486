// A block scan written with cooperative groups, as current CUDA samples write warp-level code:
// the block and its warp tiles as objects (cg::thread_block, cg::thread_block_tile<32>, auto),
// their ranks, syncs, shuffles, votes and cg::reduce instead of threadIdx, __syncthreads and
// __shfl_up_sync. Reduce-then-scan in one block of up to 1024 threads: each warp's total by
// cg::reduce, the totals scanned by the first warp with cg::inclusive_scan, each warp's own scan
// by tile.shfl_up in a helper that takes the tile as a parameter.

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

#define WARP 32

// An inclusive scan over one tile, by tile.shfl_up: the tile passed as a parameter, as CUDA's
// samples pass it.
__device__ float tile_scan(cg::thread_block_tile<WARP> tile, float value)
{
    for (int delta = 1; delta < tile.num_threads(); delta *= 2) {
        float other = tile.shfl_up(value, delta);
        if (tile.thread_rank() >= delta) {
            value += other;
        }
    }
    return value;
}

__global__ void block_scan(const float *in, float *out, int n)
{
    __shared__ float totals[WARP];
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<WARP>(block);
    unsigned int rank = block.thread_rank();
    float value = rank < n ? in[rank] : 0.0f;

    // Each warp's total, on every lane of it; lane 0 keeps it.
    float total = cg::reduce(tile, value, cg::plus<float>());
    if (tile.thread_rank() == 0) {
        totals[tile.meta_group_rank()] = total;
    }
    block.sync();

    // The first warp scans the totals (the warps with no element hold 0).
    if (tile.meta_group_rank() == 0) {
        float t = tile.thread_rank() < tile.meta_group_size() ? totals[tile.thread_rank()] : 0.0f;
        totals[tile.thread_rank()] = cg::inclusive_scan(tile, t);
    }
    cg::sync(block);

    // Each warp's own scan, skipped by a warp with no element in range.
    if (tile.any(rank < n)) {
        value = tile_scan(tile, value);
        if (tile.meta_group_rank() > 0) {
            value += totals[tile.meta_group_rank() - 1];
        }
        if (__popc(tile.ballot(rank < n)) > tile.thread_rank()) {
            out[rank] = value;
        }
    }
}

void scan(const float *in, float *out, int n)
{
    int threads = (n + WARP - 1) / WARP * WARP;
    block_scan<<<1, threads>>>(in, out, n);
}
