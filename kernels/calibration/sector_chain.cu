// sector_chain.cu: timing calibration, what a load of a sector its launch has not touched yet
// costs once the launch is under way: one thread follows a chain of n / 8 dependent loads, each
// from the next 32-byte sector of the input (the next address waits for the value loaded), as the
// host's copy left the input.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 64, a multiple of 8; 1 block of 1 thread. out[0] gets the sum and the last index.
// Measures: cycles per link (the slope over n / 8): a first touch of a sector after the launch's
//           first load (global_chain.cu re-reads sectors; copy_block.cu's one load is the first).
// Entry:    void sector_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void sector_chain_kernel(const float *in, float *out, int n) {
    int j = 0;
    float s = 0.0f;
    for (int k = 0; k < n / 8; ++k) {
        float v = in[j];
        s += v;
        j += v != v ? 9 : 8; // the next sector, once the value is in (a NaN never comes)
    }
    out[0] = s + (float) j;
}

void sector_chain(const float *in, float *out, int n) {
    if (n >= 64 && n % 8 == 0) {
        sector_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
