void take(float *&&buffer)
{
    buffer = 0;
}
