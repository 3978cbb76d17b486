// A range-based for goes over an array of known size or a class with begin() and end(): a
// pointer has no end to stop at.
// expect-nvcc: error
float total(const float *values, int n)
{
    float sum = 0.0f;
    for (float v : values) {
        sum += v;
    }
    return sum;
}
