// The host half of a program in two translation units (with scan.cu): it takes the size from its
// arguments, calls the device half through the shared header, and checks each block's scan.
//
//   ./scansim run examples/programs/several_files/main.cpp examples/programs/several_files/scan.cu -- 300
#include <cstdio>
#include <cstdlib>
#include "scan.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  float *in = (float *)malloc(n * sizeof(float));
  float *out = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    in[i] = (float)(i % 3);
  }
  Stats s;
  scan_on_device(in, out, n, s);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float want = 0.0f;
    for (int k = i - i % BLOCK; k <= i; k++) {
      want += in[k];
    }
    bad += out[i] != want;
  }
  printf("%d blocks of %d, n = %d, sum of the blocks' totals %g\n", blocks_for(n), BLOCK, s.n, s.total);
  printf("%s\n", bad == 0 ? "PASSED" : "FAILED");
  free(in);
  free(out);
  return bad == 0 ? 0 : 1;
}
