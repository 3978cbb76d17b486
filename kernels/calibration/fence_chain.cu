// fence_chain.cu: timing calibration, what a __threadfence() costs its thread: one thread runs n
// steps, each a volatile store to global memory (with -D STORE=0: none) followed by a fence, so
// each fence waits for the store before it to be visible to the whole device.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 1; 1 block of 1 thread. out[0 .. 255] get the last values stored (STORE=1).
// Measures: cycles per step (the slope over n): a fence after a store (MEMBAR.GPU behind an STG)
//           and, with STORE=0, a fence with nothing to wait for.
// Entry:    void fence_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

#ifndef STORE
#define STORE 1
#endif

__global__ void fence_chain_kernel(const float *in, float *out, int n) {
    volatile float *o = out;
    float v = in[0];
    for (int k = 0; k < n; ++k) {
#if STORE
        o[k & 255] = v + (float) k;
#endif
        __threadfence();
    }
    if (STORE == 0) {
        out[0] = v;
    }
}

void fence_chain(const float *in, float *out, int n) {
    if (n >= 1) {
        fence_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
