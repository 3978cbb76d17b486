#include <cstdlib>

float *grow(float *h, int n)
{
    float *bigger = (float *)realloc(h, 2 * n * sizeof(float));
    for (int i = n; i < 2 * n; i++) bigger[i] = 1.0f;
    return bigger;
}
