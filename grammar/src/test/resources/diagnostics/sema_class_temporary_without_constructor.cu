// A temporary of a class with a constructor is made by it; a class with fields and no
// constructor has none to take arguments (C++17 builds an aggregate from braces only).
// expect-nvcc: error
struct Pair {
    int a, b;
    int sum() const { return a + b; }
};

int twice(int v)
{
    return Pair(v, v).sum();
}
