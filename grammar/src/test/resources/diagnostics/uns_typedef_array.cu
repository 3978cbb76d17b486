// A typedef of an array type is valid C; the subset's aliases name scalars and pointers.
typedef float vec3[3];

__global__ void norm(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}
