float &element(float *data, int i)
{
    return data[i];
}
