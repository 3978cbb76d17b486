// Lab 4 submission
// Hillis & Steele scan with a double buffer like in the GPU Gems chapter (Listing 1),
// but inclusive. I tested it with n = 8, 64 and 512 and it works!!
#include <stdio.h>

#define MAX_N 512

__global__ void hs_scan(const float *g_idata, float *g_odata, int n)
{
    __shared__ float temp[2 * MAX_N]; // ping-pong buffers
    int thid = threadIdx.x;
    int pout = 0, pin = 1;

    temp[pout * n + thid] = g_idata[thid];
    __syncthreads();

    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout; // swap buffers
        pin = 1 - pout;
        if (thid >= offset)
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    g_odata[thid] = temp[pout * n + thid];
}

void scan(const float *in, float *out, int n)
{
    hs_scan<<<1, n>>>(in, out, n);
}
