struct Key {
    const int id;
    float value;
};

__global__ void swap(Key *keys)
{
    Key a = keys[0];
    keys[0] = keys[1];
    keys[1] = a;
}
// expect-nvcc: error
