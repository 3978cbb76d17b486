// A kernel that scans its one buffer in place, as many course kernels do: one block of n / 2
// threads, Blelloch's up-sweep and down-sweep (exclusive) in a static shared array.
//
//   scansim run examples/real-world/in_place.cu --kernel scan_in_place --grid 1 --block 512 --n 1024 --expect exclusive
//
// The harness gives the one pointer parameter the input and reads the output from it.

#define MAX_N 2048

__global__ void scan_in_place(float *data, int n)
{
    __shared__ float temp[MAX_N];
    int tid = threadIdx.x;
    temp[2 * tid] = data[2 * tid];
    temp[2 * tid + 1] = data[2 * tid + 1];
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (tid == 0) {
        temp[n - 1] = 0;
    }
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    data[2 * tid] = temp[2 * tid];
    data[2 * tid + 1] = temp[2 * tid + 1];
}
