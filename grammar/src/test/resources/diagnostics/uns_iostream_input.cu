#include <iostream>

int read_size()
{
    int n = 0;
    std::cin >> n;
    return n;
}
