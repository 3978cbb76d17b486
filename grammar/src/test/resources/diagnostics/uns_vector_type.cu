__global__ void sum4(const float4 *in, float *out)
{
    float4 v = in[threadIdx.x];
    out[threadIdx.x] = v.x + v.y + v.z + v.w;
}
