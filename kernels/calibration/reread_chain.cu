// reread_chain.cu: timing calibration, what a load of a sector an earlier launch wrote costs once
// the launch is under way: launch 0 copies the input to the output (one block, n threads' worth of
// floats, a thread a float), launch 1 follows sector_chain.cu's chain of n / 8 dependent loads
// through the output, each from the next 32-byte sector.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    64 <= n <= 1024 * 1024, a multiple of 8; launch 0: n / 1024 blocks of 1024 threads
//           (at least one), launch 1: 1 block of 1 thread. out[0] gets the sum and the last index.
// Measures: launch 1's cycles per link (the slope over n / 8) against sector_chain.cu's, whose
//           input only the host's copy wrote: a sector in L2 against one in device memory.
// Entry:    void reread_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void reread_chain_copy_kernel(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

__global__ void reread_chain_kernel(float *out, int n) {
    int j = 0;
    float s = 0.0f;
    for (int k = 0; k < n / 8; ++k) {
        float v = out[j];
        s += v;
        j += v != v ? 9 : 8; // the next sector, once the value is in (a NaN never comes)
    }
    out[0] = s + (float) j;
}

void reread_chain(const float *in, float *out, int n) {
    if (n >= 64 && n <= 1024 * 1024 && n % 8 == 0) {
        reread_chain_copy_kernel<<<(n + 1023) / 1024, 1024>>>(in, out, n);
        reread_chain_kernel<<<1, 1>>>(out, n);
    }
}
