// fprintf writes to stdout or stderr: files are not simulated.
#include <cstdio>
void report(void *log, int n) {
  fprintf(log, "n = %d\n", n);
  fprintf(stderr, "n = %d\n");
  char *name = "scan";
}
// expect-nvcc: error
