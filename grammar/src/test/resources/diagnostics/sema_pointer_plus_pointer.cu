__global__ void middle(float *lo, float *hi, float *out)
{
    float *mid = (lo + hi) / 2;
    *out = *mid;
}
// expect-nvcc: error
