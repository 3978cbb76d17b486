// Objects of a class are declared after its definition, where its member functions are known.
struct S2 { int x; S2() : x(5) {} } s2;
int main() { return s2.x; }
