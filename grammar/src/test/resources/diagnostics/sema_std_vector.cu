// scansim's std::vector has the members scan programs use: a member it lacks is named.
#include <vector>

int total(int n)
{
    std::vector<int> values(n, 1);
    values.insert(values.begin(), 2);
    int sum = 0;
    for (int v : values) {
        sum += v;
    }
    return sum;
}
