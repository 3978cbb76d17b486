// Meant to return the address of row r: '&temp[r * n]'.
__device__ float *row(float *temp, int n, int r)
{
    return temp[r * n];
}
// expect-nvcc: error
