// A function returning a reference returns an object: a value has no address to give.
// expect-nvcc: error
float &element(float *data, int i)
{
    return data[i] + 1.0f;
}

int &count(float *data)
{
    return data[0];
}
