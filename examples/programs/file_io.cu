// A whole program that reads its input from a file and writes its results to files, as course
// programs do: fopen/fscanf/fgets/sscanf to read, fprintf/fputs/fwrite to write, perror on a
// missing file. Usage: file_io [INPUT [OUTPUT]] (INPUT: a count, then that many integers).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define BLOCK 256

// A block-wise inclusive scan (Hillis-Steele, double-buffered), then the blocks' totals added.
__global__ void scanBlocks(const int *in, int *out, int *sums, int n) {
  __shared__ int buf[2][BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  int src = 0;
  buf[src][t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int d = 1; d < BLOCK; d *= 2) {
    buf[1 - src][t] = buf[src][t] + (t >= d ? buf[src][t - d] : 0);
    src = 1 - src;
    __syncthreads();
  }
  if (i < n) out[i] = buf[src][t];
  if (t == BLOCK - 1) sums[blockIdx.x] = buf[src][t];
}

__global__ void addTotals(int *out, const int *sums, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (blockIdx.x == 0 || i >= n) return;
  int carry = 0;
  for (int b = 0; b < blockIdx.x; b++) carry += sums[b];
  out[i] += carry;
}

static int readInput(const char *path, int **values) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return -1;
  }
  int n = 0;
  if (fscanf(f, "%d", &n) != 1 || n <= 0 || n > (1 << 20)) {
    fprintf(stderr, "%s: expected a count of 1 to %d values first\n", path, 1 << 20);
    fclose(f);
    return -1;
  }
  *values = (int *)malloc(n * sizeof(int));
  for (int k = 0; k < n; k++) {
    if (fscanf(f, "%d", &(*values)[k]) != 1) {
      fprintf(stderr, "%s: value %d of %d is missing\n", path, k, n);
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  return n;
}

int main(int argc, char **argv) {
  const char *input = argc > 1 ? argv[1] : "data/scan_input.txt";
  const char *output = argc > 2 ? argv[2] : "scan_output.txt";
  int *h = NULL;
  int n = readInput(input, &h);
  if (n < 0) return 1;
  int blocks = (n + BLOCK - 1) / BLOCK;
  int *d_in, *d_out, *d_sums;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_sums, blocks * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  scanBlocks<<<blocks, BLOCK>>>(d_in, d_out, d_sums, n);
  addTotals<<<blocks, BLOCK>>>(d_out, d_sums, n);
  int *scanned = (int *)malloc(n * sizeof(int));
  cudaMemcpy(scanned, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);

  // The results as text, one "index value" line each, and as binary.
  FILE *out = fopen(output, "w");
  if (!out) {
    perror(output);
    return 1;
  }
  fputs("# index inclusive-sum\n", out);
  for (int k = 0; k < n; k++) fprintf(out, "%d %d\n", k, scanned[k]);
  fclose(out);
  FILE *bin = fopen("scan_output.bin", "wb");
  size_t wrote = fwrite(scanned, sizeof(int), n, bin);
  fclose(bin);

  // Read both back and check them against a scan on the host.
  FILE *text = fopen(output, "r");
  char line[64];
  int lines = 0, bad = 0, running = 0;
  while (fgets(line, sizeof line, text)) {
    if (line[0] == '#') continue;
    int k, v;
    if (sscanf(line, "%d %d", &k, &v) != 2 || k != lines) bad++;
    running += h[lines];
    if (v != running) bad++;
    lines++;
  }
  fclose(text);
  int *again = (int *)calloc(n, sizeof(int));
  bin = fopen("scan_output.bin", "rb");
  size_t got = fread(again, sizeof(int), n + 1, bin);
  int atEnd = feof(bin);
  fclose(bin);
  if (memcmp(again, scanned, n * sizeof(int)) != 0) bad++;

  char summary[96];
  snprintf(summary, sizeof summary, "%d values from %s, total %d", n, input, scanned[n - 1]);
  printf("%s\n", summary);
  printf("wrote %d lines to %s and %zu values (%zu read back, end of file %s)\n", lines, output, wrote, got,
         atEnd ? "reached" : "not reached");
  printf("%s\n", bad == 0 ? "PASSED" : "FAILED");
  free(h);
  free(scanned);
  free(again);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  return bad == 0 ? 0 : 1;
}
