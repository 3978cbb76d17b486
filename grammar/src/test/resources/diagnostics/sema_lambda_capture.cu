// A lambda names an enclosing variable it does not capture: with no capture default ([&] or
// [=]) and the variable not in its capture list, C++ refuses it (clang's words).
// expect-nvcc: error
__global__ void scale(float *data, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = [](float x) { return x * factor; }(data[i]);
}
