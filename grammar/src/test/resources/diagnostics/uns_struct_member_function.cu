// Member functions, operator(), operator[] and the binary member operators are in; a unary one is not.
struct Counter {
    int count;
    __device__ int operator-() const { return -count; }
};

__global__ void tally(Counter *c, int *out)
{
    out[0] = -c[0];
}
