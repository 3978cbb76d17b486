struct Item {
    float value;
    int index;
};

__global__ void values(const Item *items, float *out)
{
    Item it = items[threadIdx.x];
    out[threadIdx.x] = it->value;
}
// expect-nvcc: error
