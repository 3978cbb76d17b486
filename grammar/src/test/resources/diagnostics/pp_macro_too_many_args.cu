#define SWAP(a, b) do { float t_ = (a); (a) = (b); (b) = t_; } while (0)

__global__ void reverse_pairs(float *data)
{
    int i = 2 * threadIdx.x;
    SWAP(data[i], data[i + 1], data[i + 2]);
}
// expect-nvcc: error
