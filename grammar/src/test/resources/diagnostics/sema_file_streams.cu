// <cstdio>'s streams are host objects: a FILE is used through FILE *, scanf stores through
// pointers, and device code has no files.
#include <cstdio>
__global__ void k(int *out) {
  FILE *f = fopen("x.txt", "r");
  out[0] = 0;
}
int main() {
  FILE f;
  int n = 0;
  fscanf(stdin, "%d", n);
  fprintf(42, "%d\n", n);
  char line[8];
  sprintf(line);
  return 0;
}
// expect-nvcc: error
