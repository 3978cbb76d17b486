// Overloaded operators are binary ones of a struct: two operands (this and one more for a member), one of them a struct.
__device__ float operator+(float a, float b);
struct S { int v; int operator-(int a, int b) const; };
struct T { int v; };
int operator*(T a, int k);
int main() { T t; t.v = 1; return t * 2 + (t - 1); }
// expect-nvcc: error
