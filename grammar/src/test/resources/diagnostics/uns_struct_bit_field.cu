struct Flags {
    unsigned head : 1;
    unsigned tail : 1;
};

__global__ void mark(Flags *f)
{
    f[threadIdx.x].head = 1;
}
