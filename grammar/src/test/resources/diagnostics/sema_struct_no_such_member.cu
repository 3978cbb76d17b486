struct Item {
    float value;
    int index;
};

__global__ void keys(const Item *items, int *out)
{
    out[threadIdx.x] = items[threadIdx.x].key;
}
// expect-nvcc: error
