__global__ void k(float *out, int n)
{
    if (n > 0 && "ok")
        out[0] = "one" * 2;
}
// expect-nvcc: error
