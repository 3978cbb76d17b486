// virtual_chain.cu: timing calibration, what a device virtual call costs: one thread makes n
// dependent calls through a pointer to a base class whose object the input picks at run time (so
// nvcc cannot resolve the call), each call's argument the last one's result.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 1; 1 block of 1 thread. out[0] gets the last result.
// Measures: cycles per call (the slope over n): the vtable's load, the indirect call and return,
//           and the call's arithmetic (two dependent integer instructions).
// Entry:    void virtual_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

struct ChainStep {
    __device__ ChainStep() {}
    __device__ virtual int apply(int x) const { return x * 3 + 1; }
};

struct ChainOtherStep : ChainStep {
    __device__ ChainOtherStep() {}
    __device__ int apply(int x) const override { return x * 5 + 1; }
};

__global__ void virtual_chain_kernel(const float *in, float *out, int n) {
    ChainStep a;
    ChainOtherStep b;
    const ChainStep *step = in[0] > 1.0e30f ? (const ChainStep *) &b : &a; // a only, but not known to nvcc
    int x = (int) in[1];
    for (int k = 0; k < n; ++k) {
        x = step->apply(x);
    }
    out[0] = (float) x;
}

void virtual_chain(const float *in, float *out, int n) {
    if (n >= 1) {
        virtual_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
