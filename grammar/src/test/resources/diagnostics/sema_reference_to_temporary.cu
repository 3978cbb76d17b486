void next_power_of_two(int &n)
{
    int p = 1;
    while (p < n) p *= 2;
    n = p;
}

int blocks_for(int n, int threads)
{
    next_power_of_two(n + threads - 1);
    return n / threads;
}
// expect-nvcc: error
