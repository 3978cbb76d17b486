// blelloch_unpadded.cu: a work-efficient (Blelloch) scan for any n that pads the section to a
// power of two without zeroing the pad.
// A DELIBERATELY FAULTY kernel of the checkers' corpus (not a catalog entry).
//
// What:     Harris's Listing 2 (../harris/blelloch.cu) extended to any n <= 2048: the block
//           scans m elements, m the power of two at or above n, with guarded loads and stores.
//           Harris's "Arrays of Arbitrary Size" (../harris/scan_large_array.cu) stores zeros
//           into the pad; this student guarded the loads and left the pad as it was.
// Scan:     exclusive
// Sizes:    1 <= n <= 2 * MAX_THREADS_PER_BLOCK (default 2048); ONE block of m/2 threads.
// Defect:   lines 35-38 store temp[k] only for k < n, so temp[n .. m-1] start uninitialised.
//           The first up-sweep step reads them (line 46: temp[bi] at 46:13, temp[ai] at
//           46:25), and the last down-sweep step reads the even ones again (line 59, 59:23)
//           before overwriting them. The garbage flows only into the pad and into the root,
//           which is then cleared: an exclusive output k < n sums only elements below k, so
//           NO output is wrong. A harmless-looking bug that an edit can make harmful.
// Checkers: uninitialised-read temp 46:13, 46:25 and 59:23 when n is not a power of two (only
//           46:13 for n = 1); the scan proof holds. Nothing when n is a power of two.
// Entry:    void blelloch_unpadded(const float *in, float *out, int n)

#include <cstdio>
#include <cuda_runtime.h>

#ifndef MAX_THREADS_PER_BLOCK
#define MAX_THREADS_PER_BLOCK 1024
#endif

// m = 2 * blockDim.x elements, a power of two at or above n
__global__ void prescan(float *g_odata, const float *g_idata, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int m = 2 * blockDim.x;
    int offset = 1;
    if (2*thid < n)
        temp[2*thid] = g_idata[2*thid];
    if (2*thid+1 < n)
        temp[2*thid+1] = g_idata[2*thid+1];
    for (int d = m>>1; d > 0; d >>= 1)
    {
        __syncthreads();
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) { temp[m - 1] = 0; }
    for (int d = 1; d < m; d *= 2)
    {
        offset >>= 1;
        __syncthreads();
        if (thid < d)
        {
            int ai = offset*(2*thid+1)-1;
            int bi = offset*(2*thid+2)-1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    if (2*thid < n)
        g_odata[2*thid] = temp[2*thid];
    if (2*thid+1 < n)
        g_odata[2*thid+1] = temp[2*thid+1];
}

// Host entry: in and out are device pointers of n floats, allocated by the caller.
void blelloch_unpadded(const float *in, float *out, int n)
{
    if (n < 1 || n > 2 * MAX_THREADS_PER_BLOCK) {
        printf("blelloch_unpadded: n = %d is not supported (need 1 <= n <= %d)\n",
               n, 2 * MAX_THREADS_PER_BLOCK);
        return;
    }
    int m = 2;
    while (m < n)
        m *= 2;
    prescan<<<1, m / 2, m * sizeof(float)>>>(out, in, n);
}
