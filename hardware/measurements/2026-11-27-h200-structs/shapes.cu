namespace geo { struct Point { float x, y; }; }
typedef struct Pair_ { float v; int flag; } Pair;
struct Big { float a[40]; int n; };
struct Node { int value; Node *next; };
struct Outer { geo::Point p; Pair q[2]; char tag; };
__device__ Pair global_pair = {1.5f, 3};
__constant__ float4 weights = {1.0f, 2.0f, 3.0f, 4.0f};
template <typename T> __device__ T same(T v) { return v; }
__device__ Pair add(Pair a, Pair b) { a.v += b.v; a.flag |= b.flag; return a; }
__device__ Pair add(Pair a, float b) { a.v += b; return a; }
__global__ void k(const float *in, float *out, int n)
{
    __shared__ Pair shared_pairs[64];
    int t = threadIdx.x;
    Pair p = {in[t], 1};
    Pair q = p;
    Pair r;
    r = add(p, q);            // {2 in[t], 1}
    r = add(r, 1.0f);         // {2 in[t] + 1, 1}
    Pair arr[3] = {p, {2.0f}, q};
    Outer o = {{1.0f, 2.0f}, {{3.0f, 1}, {4.0f, 0}}, 'x'};
    Big b = {};
    for (int i = 0; i < 40; i++) b.a[i] = (float) i;
    Big c = b;
    shared_pairs[t % 64] = same(r);
    Pair *pp = &shared_pairs[t % 64];
    pp->v += 1.0f;
    float *fp = &pp->v;
    *fp -= 1.0f;
    Node node = {5, nullptr};
    Node *np = &node;
    float4 f4 = make_float4(1, 2, 3, 4);
    int3 i3 = {1, 2, 3};
    double2 d2 = make_double2(0.5, 0.25);
    Pair pick = t > 3 ? p : q;
    float delta = shared_pairs[t % 64].v - (2.0f * in[t] + 1.0f) + (r.flag - 1) + o.q[1].v - 4.0f + c.a[39] - 39.0f
        + (np->next == nullptr ? 0.0f : 1.0f) + (np->value - 5) + (o.tag - 'x') + (pick.v - in[t]) + (f4.w - 4.0f)
        + (float) (i3.z - 3) + (float) (d2.y - 0.25) + (global_pair.v - 1.5f) + (float) (global_pair.flag - 3)
        + (arr[2].v - in[t]) + (float) arr[1].flag + (arr[1].v - 2.0f) + (o.p.y - 2.0f) + (weights.z - 3.0f)
        + (float) (sizeof(Pair) - 8) + (float) (sizeof(Big) - 164) + (float) (sizeof(Outer) - 28);
    __syncthreads();
    if (t == 0) {
        float acc = 0.0f;
        for (int i = 0; i < n; i++) { acc += in[i]; out[i] = acc; }
    }
    __syncthreads();
    if (t < n && delta != 0.0f) out[t] = 1000.0f + delta;
}

void scan(const float *in, float *out, int n)
{
    k<<<1, 64>>>(in, out, n);
}
