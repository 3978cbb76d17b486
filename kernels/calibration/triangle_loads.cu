// triangle_loads.cu: timing calibration, a summing loop nested in another whose trip count grows:
// lane l of each warp adds in[0] ... in[i] for every i < (l + 1) * n / 32, keeping the last sum, so
// the inner loop (unrolled as load_stream.cu's) runs from 1 to n trips, and after the first trips
// every load is served by L1. Warps of one block do the same work side by side.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    n >= 32, a multiple of 32; 1 block of BLOCK threads (32 unless -D BLOCK=...). out[t]
//           gets thread t's last sum, for t < n.
// Measures: cycles per load over a warp's n * (n + 1) / 2 loads (its last lane's), and how that
//           grows with the warps sharing a scheduler (BLOCK 32, 128: one a scheduler; 256, 1024).
// Entry:    void triangle_loads(const float *in, float *out, int n)

#include <cuda_runtime.h>

#ifndef BLOCK
#define BLOCK 32
#endif

__global__ void triangle_loads_kernel(const float *in, float *out, int n) {
    int t = threadIdx.x;
    int last = ((t & 31) + 1) * (n / 32);
    float v = 0.0f;
    for (int i = 0; i < last; ++i) {
        float s = 0.0f;
        for (int j = 0; j <= i; ++j) {
            s += in[j];
        }
        v = s;
    }
    if (t < n) {
        out[t] = v;
    }
}

void triangle_loads(const float *in, float *out, int n) {
    if (n >= 32 && n % 32 == 0) {
        triangle_loads_kernel<<<1, BLOCK>>>(in, out, n);
    }
}
