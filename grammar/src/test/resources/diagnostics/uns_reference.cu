__device__ void swap(float &a, float &b)
{
    float t = a;
    a = b;
    b = t;
}
