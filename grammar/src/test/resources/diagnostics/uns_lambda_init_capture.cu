// An init capture ([n = expression]) is valid C++14, not in the subset: capture a variable.
__global__ void add(int *data, int base)
{
    auto plus = [n = base * 2](int x) { return x + n; };
    data[threadIdx.x] = plus(data[threadIdx.x]);
}
