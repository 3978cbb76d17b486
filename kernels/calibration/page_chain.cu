// page_chain.cu: timing calibration, what a load from a 2 MiB page its launch has not touched yet
// costs: one thread follows a chain of n / 2^19 dependent loads, each from the next page of the
// input (the next address waits for the value loaded), as the host's copy left the input.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 2^20, a power of two; 1 block of 1 thread. out[0] gets the sum and the last index.
// Measures: cycles per link (the slope over n / 2^19) against sector_chain.cu's, whose links stay
//           in one page: what translating a new page adds to a load (the first load of
//           copy_block.cu pays it too).
// Entry:    void page_chain(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void page_chain_kernel(const float *in, float *out, int n) {
    int j = 0;
    float s = 0.0f;
    int links = n >> 19;
    for (int k = 0; k < links; ++k) {
        float v = in[j];
        s += v;
        j += v != v ? (1 << 19) + 1 : (1 << 19) + 8; // the next page, a sector on (a NaN never comes)
    }
    out[0] = s + (float) j;
}

void page_chain(const float *in, float *out, int n) {
    if (n >= (1 << 20) && (n & (n - 1)) == 0) {
        page_chain_kernel<<<1, 1>>>(in, out, n);
    }
}
