// Member functions are in; member operators other than operator() are not.
struct Counter {
    int count;
    __device__ Counter operator+(const Counter &o) const { Counter c; c.count = count + o.count; return c; }
};

__global__ void tally(Counter *c)
{
    c[0] = c[0] + c[1];
}
