struct Sum { float value; };
struct Max { float value; };

__global__ void reduce(float *out)
{
    Sum s = {1.0f};
    Max m;
    m = s;
    out[threadIdx.x] = m.value;
}
// expect-nvcc: error
