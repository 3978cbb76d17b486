#include <thrust/device_vector.h>
#include <thrust/scan.h>

int main()
{
    thrust::device_vector<int> v(1024, 1);
    thrust::inclusive_scan(v.begin(), v.end(), v.begin());
    return v[1023] == 1024 ? 0 : 1;
}
