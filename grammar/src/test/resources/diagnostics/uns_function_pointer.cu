__device__ float add(float a, float b)
{
    return a + b;
}

__device__ float apply(float (*op)(float, float), float a, float b)
{
    return op(a, b);
}
