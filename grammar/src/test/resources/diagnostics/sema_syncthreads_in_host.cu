void host_scan(float *h, int n)
{
    for (int i = 1; i < n; i++) {
        h[i] += h[i - 1];
        __syncthreads();
    }
}
// expect-nvcc: error
