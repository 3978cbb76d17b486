void check_size(int n)
{
    static_assert(n > 0, "n must be positive");
}
// expect-nvcc: error
