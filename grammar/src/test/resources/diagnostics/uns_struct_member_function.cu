struct Counter {
    int count;
    __device__ void bump() { count++; }
};

__global__ void tally(Counter *c)
{
    c->bump();
}
