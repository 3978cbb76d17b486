#include <cstdio>

int main()
{
    int *count = new int(42);
    printf("%d\n", *count);
    delete count;
    return 0;
}
