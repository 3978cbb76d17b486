// std::function is scansim's own (<functional>), but not of a signature with a reference or
// class parameter or a class result (scansim's function pointers do not take them): refused by name.
#include <functional>
#include <cstdio>

__global__ void scan(const float *in, float *out, int n) { }

void timed(std::function<void(int &)> body)
{
    int calls = 0;
    body(calls);
}
