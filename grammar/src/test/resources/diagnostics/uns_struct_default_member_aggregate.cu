// A struct with default member initializers initialised from values (C++14 aggregate
// initialisation) is valid CUDA; scansim makes such a struct with its defaults only.
struct Params {
    int n = 1024;
    int block = 256;
};

__global__ void fill(int *out, int n, int block)
{
    out[threadIdx.x] = n + block;
}

void run(int *d)
{
    Params p{4096, 128};
    fill<<<1, 32>>>(d, p.n, p.block);
}
