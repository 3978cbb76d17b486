// Plain structs, as scan code uses them: a value with the index it came from, carried through a
// Hillis-Steele scan in shared memory as one struct per thread, combined by a __device__ function
// that takes two structs by value and returns one. Also: a typedef'd anonymous struct, a struct
// with an array field, aggregate initialisation, struct assignment, and '->' through a pointer.
//
// One block of up to 1024 threads; element i of the output is in[0] + ... + in[i].

#define THREADS 1024

struct Item {
    float value;
    int first;          // the first input index the value covers
};

typedef struct {
    int lo, hi;
    float weights[2];
} Window;

__device__ Item combine(Item a, Item b)
{
    Item r = {a.value + b.value, a.first};
    return r;
}

__device__ void widen(Window *w, int by)
{
    w->lo -= by;
    w->weights[1] = w->weights[0];
}

__global__ void scan_items(const float *in, float *out, int n)
{
    __shared__ Item buffer[2][THREADS];
    int t = threadIdx.x;
    Window w = {t, t, {1.0f, 1.0f}};
    Item mine = {t < n ? in[t] : 0.0f, t};
    int pout = 0;
    int pin = 1;
    buffer[pout][t] = mine;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        Item here = buffer[pin][t];
        if (t >= offset) {
            buffer[pout][t] = combine(buffer[pin][t - offset], here);
            widen(&w, offset);
        } else {
            buffer[pout][t] = here;
        }
        __syncthreads();
    }
    Item total = buffer[pout][t];
    if (t < n && total.first == (w.lo < 0 ? 0 : w.lo) && w.weights[1] == w.weights[0]) {
        out[t] = total.value;
    } else if (t < n) {
        out[t] = -1.0f; // a wrong lower bound would show here
    }
}

void scan(const float *in, float *out, int n)
{
    scan_items<<<1, n>>>(in, out, n);
}
