// A static local of host code is one object for the run; device code's are not simulated.
__device__ int next() {
  static int calls = 0;
  return ++calls;
}
