// stream_copy.cu: timing calibration, device-memory bandwidth: n floats copied by blocks of 256
// threads, one element a thread.
//
// Source:   the timing model's calibration set (docs/timing.md); not a scan.
// Sizes:    any n >= 1; ceil(n / 256) blocks of 256 threads.
// Measures: bytes moved (8n) per nanosecond at large n; the launch's fixed cost at small n.
// Entry:    void stream_copy(const float *in, float *out, int n)

#include <cuda_runtime.h>

__global__ void stream_copy_kernel(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

void stream_copy(const float *in, float *out, int n) {
    stream_copy_kernel<<<(n + 255) / 256, 256>>>(in, out, n);
}
