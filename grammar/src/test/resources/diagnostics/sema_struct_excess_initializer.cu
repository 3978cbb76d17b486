struct Pair {
    float value;
    int flag;
};

__global__ void init(float *out)
{
    Pair p = {1.0f, 1, 2};
    out[threadIdx.x] = p.value;
}
// expect-nvcc: error
