struct Item {
    float value;
    int index;
};

__global__ void values(const Item *items, float *out)
{
    out[threadIdx.x] = items.value;
}
// expect-nvcc: error
