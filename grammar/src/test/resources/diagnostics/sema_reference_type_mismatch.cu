void read_size(long &n)
{
    n = 1024;
}

int main()
{
    int n;
    read_size(n);
    return n > 0 ? 0 : 1;
}
// expect-nvcc: error
