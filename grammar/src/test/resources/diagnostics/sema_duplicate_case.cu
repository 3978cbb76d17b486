__device__ int bank_offset(int log_banks, int i)
{
    switch (log_banks) {
    case 4:
        return i >> 4;
    case 5:
        return i >> 5;
    case 4:
        return i >> 6;
    default:
        return 0;
    }
}
// expect-nvcc: error
