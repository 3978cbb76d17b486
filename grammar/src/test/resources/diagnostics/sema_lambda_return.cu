// A lambda without a written return type returns one type: its returns must agree.
// expect-nvcc: error
__device__ float pick(int flag)
{
    auto choose = [](int f) {
        if (f)
            return 1;
        return 2.5f;
    };
    return choose(flag);
}
