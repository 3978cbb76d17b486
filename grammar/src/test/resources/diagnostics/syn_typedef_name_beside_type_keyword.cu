// 'word' names a type; 'unsigned' cannot modify it, as it would modify int.
typedef int word;

__global__ void count(unsigned word *hist, int n)
{
    if (threadIdx.x < n) hist[threadIdx.x] = 0;
}
// expect-nvcc: error
