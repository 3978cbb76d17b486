__device__ float pick(float x)
{
    switch (x) {
    case 0:
        return 1.0f;
    default:
        return x;
    }
}
// expect-nvcc: error
