#include <iomanip>
#include <iostream>

void print_time(float ms)
{
    std::cout << std::fixed << ms << " ms" << std::endl;
}
