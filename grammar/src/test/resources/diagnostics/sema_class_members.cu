// A field whose class has a constructor, this assigned, a temporary of a class with a
// constructor, a member function called without an object.
struct In { int v; In() : v(5) {} };
struct Out { In i; int w; };
struct T { int g() { return 1; } void h() { this = 0; } };
int main() { Out o; return T::g() + o.w; }
// expect-nvcc: error
