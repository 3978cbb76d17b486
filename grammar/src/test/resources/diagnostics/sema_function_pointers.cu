// Host functions' and kernels' pointers: a device function's, and what a call through one could
// not pass as a direct call, are refused by name; a call through one is checked as any call is.
__device__ int twice(int a) { return 2 * a; }
int pick(int a) { return a; }
float pick(float a) { return a; }
int bump(int &a) { return ++a; }
int main() {
  int (*device)(int) = twice;
  int (*chosen)(int) = pick;
  int (*byRef)(int &) = bump;
  int (*one)(int) = 0;
  int v = one(1, 2);
  return v + (*one)("x");
}
// expect-nvcc: error
