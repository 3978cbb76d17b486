__device__ float lane_value(const float *temp, int lane, int n)
{
    if (lane >= n)
        return;
    return temp[lane];
}
