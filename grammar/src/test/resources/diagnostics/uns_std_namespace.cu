#include <algorithm>

int blocks_for(int n, int block_size)
{
    return std::max(1, (n + block_size - 1) / block_size);
}
