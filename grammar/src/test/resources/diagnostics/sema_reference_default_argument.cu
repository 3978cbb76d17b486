void clamp_size(int &n = 1024)
{
    if (n > 4096) n = 4096;
}
// expect-nvcc: error
