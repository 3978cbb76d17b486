struct Range {
    int begin;
    int end;
};

__global__ void clear(float *data, Range r)
{
    int i = r.begin + threadIdx.x;
    if (i < r.end) data[i] = 0.0f;
}
