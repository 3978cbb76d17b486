#include <cstdio>

void check_sum(const float *h_out, int n)
{
    long double total = 0;
    for (int i = 0; i < n; i++)
        total += h_out[i];
    printf("total = %Lf\n", total);
}
