__device__ float trace4(float m[][4])
{
    return m[0][0] + m[1][1] + m[2][2] + m[3][3];
}
