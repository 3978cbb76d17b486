// A uchar4 per thread: one 32-bit load (nvcc's LDG.E), its components widened to float.
__global__ void widen(const float *in, float *out, int n)
{
    int t = threadIdx.x;
    uchar4 c = reinterpret_cast<const uchar4 *>(in)[t];
    short2 s = make_short2(c.x, c.w);
    out[t] = (float) (s.x + s.y);
}

void scan(const float *in, float *out, int n)
{
    widen<<<1, n>>>(in, out, n);
}
