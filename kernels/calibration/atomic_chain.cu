// atomic_chain.cu: timing calibration, what a global atomic costs its thread: one thread runs n
// dependent atomicAdds on one word (the next one's address waits for the value the last returned),
// each performed where the word lives, in L2.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 2; 1 block of 1 thread. out[0] (as an int) counts the atomics, out[1] the last index.
// Measures: cycles per atomic (the slope over n): a round trip to L2 with the add done there.
// Entry:    void atomic_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void atomic_chain_kernel(const float *in, float *out, int n) {
    int *c = (int *) out;
    int i = in[0] < -1.0e30f ? 1 : 0; // 0, which the compiler is not to know
    c[0] = 0;
    for (int k = 0; k < n; ++k) {
        int old = atomicAdd(&c[i], 1);
        i = (old >> 30) & 1; // 0 while the count stays below 2^30: the next address waits for this result
    }
    c[1] = i;
}

void atomic_chain(const float *in, float *out, int n) {
    if (n >= 2) {
        atomic_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
