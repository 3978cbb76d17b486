#include <cstdlib>

float *make_input(int n)
{
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = 1.0f;
    return h;
}
