// A thread block has no shuffles: they belong to its tiles (cg::tiled_partition<32>(block)).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shift(const float *in, float *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    float v = in[block.thread_rank()];
    out[block.thread_rank()] = block.shfl_up(v, 1);
}
// expect-nvcc: error
