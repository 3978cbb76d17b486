#include <cstdio>

void print_exclusive_scan(const float *h_in, int n)
{
    float *h_out = new float[n];
    float sum = 0.0f;
    for (int i = 0; i < n; i++) {
        h_out[i] = sum;
        sum += h_in[i];
    }
    printf("last = %f\n", h_out[n - 1]);
    delete[] h_out;
}
