#include <cstdio>
#include <stdexcept>

void check_size(int n)
{
    try {
        if (n <= 0) throw std::invalid_argument("n must be positive");
    } catch (...) {
        printf("bad size\n");
    }
}
