// cooperative_groups/scan.h's group scans are valid CUDA; the subset scans with tile.shfl_up.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void warp_scan(const int *in, int *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = block.thread_rank() < n ? in[block.thread_rank()] : 0;
    int s = cg::inclusive_scan(tile, v);
    if (block.thread_rank() < n) out[block.thread_rank()] = s;
}
