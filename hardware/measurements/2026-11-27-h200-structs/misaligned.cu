__global__ void shifted(const float *in, float *out, int n)
{
    int t = threadIdx.x;
    float4 v = reinterpret_cast<const float4 *>(in + 1)[t];
    out[t] = v.x + v.y + v.z + v.w;
}

void scan(const float *in, float *out, int n)
{
    shifted<<<1, 32>>>(in, out, n);
}
