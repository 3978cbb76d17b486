__global__ void find_first(const int *flags, int *pos, int n)
{
    for (int i = 0; i < n; i++) {
        if (flags[i]) {
            *pos = i;
            goto done;
        }
    }
    *pos = -1;
done:
    return;
}
