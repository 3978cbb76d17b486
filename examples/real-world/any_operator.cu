// A one-block inclusive scan of any element type and operator, chosen with -D, launched by
// `scansim run --kernel` without host code:
//
//   scansim run examples/real-world/any_operator.cu -D T=int -D OP_MAX --kernel scan --grid 1 --block 256 \
//       --shared 2048 --n 256 --expect inclusive --op max
//
// Hillis and Steele's step-efficient scan, double-buffered in dynamic shared memory (two arrays
// of blockDim.x elements), one element per thread.

#ifndef T
#define T int
#endif

#if defined(OP_MAX)
#define COMBINE(a, b) max((a), (b))
#elif defined(OP_MIN)
#define COMBINE(a, b) min((a), (b))
#elif defined(OP_PROD)
#define COMBINE(a, b) ((a) * (b))
#elif defined(OP_AND)
#define COMBINE(a, b) ((a) & (b))
#elif defined(OP_OR)
#define COMBINE(a, b) ((a) | (b))
#elif defined(OP_XOR)
#define COMBINE(a, b) ((a) ^ (b))
#else
#define COMBINE(a, b) ((a) + (b))
#endif

__global__ void scan(const T *in, T *out, int n)
{
    extern __shared__ unsigned char smem[];
    T *buf = (T *)smem;
    int tid = threadIdx.x;
    int pout = 0;
    int pin = 1;
    if (tid < n) {
        buf[tid] = __ldg(&in[tid]); // through the read-only data cache
    }
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid < n) {
            if (tid >= offset) {
                buf[pout * n + tid] = COMBINE(buf[pin * n + tid - offset], buf[pin * n + tid]);
            } else {
                buf[pout * n + tid] = buf[pin * n + tid];
            }
        }
        __syncthreads();
    }
    if (tid < n) {
        out[tid] = buf[pout * n + tid];
    }
}
