void host_reverse(float *h, int n)
{
    __shared__ float buf[256];
    for (int i = 0; i < n; i++) buf[i] = h[i];
    for (int i = 0; i < n; i++) h[i] = buf[n - 1 - i];
}
// expect-nvcc: error
