// An overload for the base class and a template: C++ takes the template for a derived argument.
#include <cstdio>
struct Scan { int n; };
struct Serial : Scan { int runs; };
void describe(const Scan &s) { printf("scan of %d\n", s.n); }
template <typename T> void describe(const T &t) { printf("something else\n"); }
int main() {
    Serial s;
    s.n = 4;
    s.runs = 1;
    describe(s);
    return 0;
}
