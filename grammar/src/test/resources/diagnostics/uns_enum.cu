enum ScanKind { INCLUSIVE, EXCLUSIVE };

__global__ void shift(float *out, const float *in, int kind)
{
    int i = threadIdx.x;
    if (kind == EXCLUSIVE)
        out[i] = i > 0 ? in[i - 1] : 0.0f;
    else
        out[i] = in[i];
}
