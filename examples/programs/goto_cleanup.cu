// The shape of Visual Studio's CUDA template, with a scan in it: a helper that sets the device,
// allocates, copies, launches and copies back, jumping to one cleanup label on any error, and a
// main that prints the result and resets the device.
#include "cuda_runtime.h"
#include "device_launch_parameters.h"

#include <stdio.h>

#define SIZE 8

cudaError_t scanWithCuda(int *out, const int *in, unsigned int size);

// Inclusive scan of one block in place (each step reads, waits, then writes).
__global__ void scanKernel(int *out, const int *in, int n)
{
    __shared__ int buf[SIZE];
    int i = threadIdx.x;
    buf[i] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 1; d < SIZE; d *= 2) {
        int v = i >= d ? buf[i - d] : 0;
        __syncthreads();
        buf[i] += v;
        __syncthreads();
    }
    if (i < n) out[i] = buf[i];
}

int main()
{
    const int in[SIZE] = { 3, 1, 7, 0, 4, 1, 6, 3 };
    int out[SIZE] = { 0 };

    cudaError_t cudaStatus = scanWithCuda(out, in, SIZE);
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "scanWithCuda failed!");
        return 1;
    }

    printf("{3,1,7,0,4,1,6,3} scanned = {%d,%d,%d,%d,%d,%d,%d,%d}\n",
        out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);

    cudaStatus = cudaDeviceReset();
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaDeviceReset failed!");
        return 1;
    }

    return 0;
}

cudaError_t scanWithCuda(int *out, const int *in, unsigned int size)
{
    int *dev_in = 0;
    int *dev_out = 0;
    cudaError_t cudaStatus;

    cudaStatus = cudaSetDevice(0);
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaSetDevice failed!  Do you have a CUDA-capable GPU installed?");
        goto Error;
    }

    cudaStatus = cudaMalloc((void**)&dev_out, size * sizeof(int));
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed!");
        goto Error;
    }

    cudaStatus = cudaMalloc((void**)&dev_in, size * sizeof(int));
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaMalloc failed!");
        goto Error;
    }

    cudaStatus = cudaMemcpy(dev_in, in, size * sizeof(int), cudaMemcpyHostToDevice);
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaMemcpy failed!");
        goto Error;
    }

    scanKernel<<<1, size>>>(dev_out, dev_in, size);

    cudaStatus = cudaGetLastError();
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "scanKernel launch failed: %s\n", cudaGetErrorString(cudaStatus));
        goto Error;
    }

    cudaStatus = cudaDeviceSynchronize();
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaDeviceSynchronize returned error code %d after launching scanKernel!\n", cudaStatus);
        goto Error;
    }

    cudaStatus = cudaMemcpy(out, dev_out, size * sizeof(int), cudaMemcpyDeviceToHost);
    if (cudaStatus != cudaSuccess) {
        fprintf(stderr, "cudaMemcpy failed!");
        goto Error;
    }

Error:
    cudaFree(dev_out);
    cudaFree(dev_in);

    return cudaStatus;
}
