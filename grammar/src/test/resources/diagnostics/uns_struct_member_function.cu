// Member functions and binary member operators are in; a subscript operator is not.
struct Counter {
    int count;
    __device__ int operator[](int i) const { return count + i; }
};

__global__ void tally(Counter *c, int *out)
{
    out[0] = c[0][1];
}
