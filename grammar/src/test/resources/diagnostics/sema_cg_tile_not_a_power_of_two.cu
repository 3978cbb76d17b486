// A tile's size must be a power of two no larger than a warp.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles(const float *in, float *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<3>(block);
    out[block.thread_rank()] = in[block.thread_rank()];
}
// expect-nvcc: error
