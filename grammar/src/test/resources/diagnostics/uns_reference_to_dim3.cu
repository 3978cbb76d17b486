void grow(unsigned int &blocks)
{
    blocks *= 2;
}

void configure(int n)
{
    dim3 grid((n + 255) / 256);
    grow(grid.x);
}
