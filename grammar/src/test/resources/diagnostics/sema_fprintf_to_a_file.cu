// fprintf takes a FILE *: C++ converts no void * to one.
#include <cstdio>
void report(void *log, int n) {
  fprintf(log, "n = %d\n", n);
  fprintf(stderr, "n = %d\n");
  char *name = "scan";
}
// expect-nvcc: error
