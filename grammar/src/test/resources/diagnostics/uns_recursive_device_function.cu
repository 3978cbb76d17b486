// Recursion in device code: nvcc accepts it; scansim inlines device functions, so it is refused
// by name at the call that closes the cycle, once, though two kernels reach it.
__device__ int sumTo(const int *in, int i)
{
    return i < 0 ? 0 : in[i] + sumTo(in, i - 1);
}

__device__ int even(int n);
__device__ int odd(int n) { return n == 0 ? 0 : even(n - 1); }
__device__ int even(int n) { return n == 0 ? 1 : odd(n - 1); }

__global__ void scan(const int *in, int *out, int n)
{
    int t = threadIdx.x;
    if (t < n) out[t] = t == 0 ? 0 : sumTo(in, t - 1);
}

__global__ void parity(int *out) { out[threadIdx.x] = even(threadIdx.x) + sumTo(out, 0); }

// Host code's recursion runs.
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
