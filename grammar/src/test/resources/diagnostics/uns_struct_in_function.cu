__global__ void pairs(float *out)
{
    struct Pair { float a, b; };
    Pair p = {1.0f, 2.0f};
    out[threadIdx.x] = p.a + p.b;
}
