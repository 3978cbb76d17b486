// A generic lambda (auto parameters) is valid C++14, not in the subset: name the types.
__global__ void twice(float *data)
{
    auto doubled = [](auto x) { return x + x; };
    data[threadIdx.x] = doubled(data[threadIdx.x]);
}
