// CUDA's built-in vector types, as bandwidth-minded scans use them: each thread reads four
// elements with one float4 load, scans them in registers, and the block scans the threads'
// totals in shared memory before each thread adds its offset and writes a float4 back.
// make_float4 and make_int2 build values; int2 holds a thread's range.
//
// One block of 256 threads scans up to 1024 elements; n must be a multiple of 4 (the float4s).

#define THREADS 256

__device__ float4 scan4(float4 v)
{
    v.y += v.x;
    v.z += v.y;
    v.w += v.z;
    return v;
}

__global__ void scan_vec4(const float *in, float *out, int n)
{
    __shared__ float totals[THREADS];
    int t = threadIdx.x;
    int2 range = make_int2(4 * t, 4 * t + 4);
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (range.y <= n) {
        v = reinterpret_cast<const float4 *>(in)[t];
    }
    v = scan4(v);
    totals[t] = v.w;
    __syncthreads();
    for (int offset = 1; offset < THREADS; offset *= 2) {
        float add = t >= offset ? totals[t - offset] : 0.0f;
        __syncthreads();
        totals[t] += add;
        __syncthreads();
    }
    float before = t > 0 ? totals[t - 1] : 0.0f;
    float4 r = make_float4(v.x + before, v.y + before, v.z + before, v.w + before);
    if (range.y <= n) {
        reinterpret_cast<float4 *>(out)[t] = r;
    }
}

void scan(const float *in, float *out, int n)
{
    scan_vec4<<<1, THREADS>>>(in, out, n);
}
