// Classes: objects with constructors are local variables made by a constructor their arguments
// choose; a const object has only its const member functions; new[] of such a class,
// and a temporary made with arguments, are refused by name.
struct F {
  int v;
  F(int a) : v(a) {}
  int get() const { return v; }
  void set(int a) { v = a; }
};
F globalF(3);
int main() {
  F arr[2];
  F none;
  F two(1, 2);
  const F c(4);
  c.set(5);
  F *p = new F[2];
  return c.get() + none.missing() + two.get() + p->get();
}
// expect-nvcc: error
