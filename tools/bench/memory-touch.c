// How long this machine takes to write fresh memory, as any program that holds it must:
// MIB mebibytes mapped anew and written once, in 4 KiB pages or (with "huge") in 2 MiB pages
// asked for with madvise, as Java asks for its heap (docs/performance.md, "The Java options").
//   gcc -O2 -o memory-touch tools/bench/memory-touch.c && ./memory-touch 5632 huge
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MIB [huge]\n", argv[0]);
    return 2;
  }
  size_t bytes = strtoull(argv[1], NULL, 10) << 20;
  int huge = argc > 2 && strcmp(argv[2], "huge") == 0;
  struct timespec from, to;
  clock_gettime(CLOCK_MONOTONIC, &from);
  char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  if (huge) {
    madvise(p, bytes, MADV_HUGEPAGE);
  }
  memset(p, 1, bytes);
  clock_gettime(CLOCK_MONOTONIC, &to);
  printf("%s MiB in %s pages: %.3f s\n", argv[1], huge ? "2 MiB" : "4 KiB",
         (double) (to.tv_sec - from.tv_sec) + (to.tv_nsec - from.tv_nsec) / 1e9);
  return p[bytes / 2] == 1 ? 0 : 1;
}
