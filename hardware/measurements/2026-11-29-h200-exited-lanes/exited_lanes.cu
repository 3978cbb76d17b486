// Warp-wide operations whose mask names lanes that have returned or that are on another path:
// what the card does with each (finishes, or waits for the lanes forever), one case per run.
//   exited_lanes CASE      CASE is one of the names below; prints the results of lanes 0..7
#include <cstdio>
#include <cstring>

__device__ int out[64];

// Lanes 8..31 return first; the rest shuffle with a mask naming all 32.
__global__ void shflExited() {
  int lane = threadIdx.x;
  if (lane >= 8) return;
  out[lane] = __shfl_up_sync(0xffffffff, lane + 1, 1);
}

// The same with a mask naming only the lanes that are left.
__global__ void shflLiveMask() {
  int lane = threadIdx.x;
  if (lane >= 8) return;
  out[lane] = __shfl_up_sync(0xff, lane + 1, 1);
}

__global__ void syncwarpExited() {
  int lane = threadIdx.x;
  if (lane >= 8) return;
  out[lane] = lane;
  __syncwarp(0xffffffff);
  out[lane] += 100;
}

__global__ void ballotExited() {
  int lane = threadIdx.x;
  if (lane >= 8) return;
  out[lane] = __ballot_sync(0xffffffff, lane & 1);
}

__global__ void matchExited() {
  int lane = threadIdx.x;
  if (lane >= 8) return;
  out[lane] = __match_any_sync(0xffffffff, lane / 4);
}

// Lanes 8..31 are on the other side of a branch (they reach no shuffle) and return after it.
__global__ void shflOtherPath() {
  int lane = threadIdx.x;
  if (lane < 8) {
    out[lane] = __shfl_sync(0xffffffff, lane + 1, 0);
  } else {
    out[lane] = -lane;
  }
}

// Both sides of a branch shuffle with the full mask, at two different instructions.
__global__ void shflBothPaths() {
  int lane = threadIdx.x;
  if (lane < 8) {
    out[lane] = __shfl_sync(0xffffffff, lane + 1, 0);
  } else {
    out[lane] = __shfl_sync(0xffffffff, lane + 2, 0);
  }
}

// A block scan of n elements by 1024 threads: the threads past n return first, each warp scans
// with full-mask shuffles, the warps' totals are scanned by warp 0 between two barriers.
__device__ int scanned[1024];

__global__ void blockScanExited(int n) {
  __shared__ int sums[32];
  int t = threadIdx.x, lane = t & 31, w = t >> 5;
  if (t >= n) return;
  int v = 1;
  for (int d = 1; d < 32; d *= 2) {
    int u = __shfl_up_sync(0xffffffff, v, d);
    if (lane >= d) v += u;
  }
  if (lane == 31 || t == n - 1) sums[w] = v;
  __syncthreads();
  if (w == 0) {
    int s = sums[lane];
    for (int d = 1; d < 32; d *= 2) {
      int u = __shfl_up_sync(0xffffffff, s, d);
      if (lane >= d) s += u;
    }
    sums[lane] = s;
  }
  __syncthreads();
  scanned[t] = v + (w > 0 ? sums[w - 1] : 0);
}

// Lanes 8..31 of warp 0 return; the block's 64 threads' others meet at a barrier.
__global__ void syncthreadsExited() {
  int t = threadIdx.x;
  if (t >= 8 && t < 32) return;
  out[t & 63] = t;
  __syncthreads();
  out[t & 63] += 100;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "";
  if (!strcmp(which, "shfl_exited")) shflExited<<<1, 32>>>();
  else if (!strcmp(which, "shfl_live_mask")) shflLiveMask<<<1, 32>>>();
  else if (!strcmp(which, "syncwarp_exited")) syncwarpExited<<<1, 32>>>();
  else if (!strcmp(which, "ballot_exited")) ballotExited<<<1, 32>>>();
  else if (!strcmp(which, "match_exited")) matchExited<<<1, 32>>>();
  else if (!strcmp(which, "shfl_other_path")) shflOtherPath<<<1, 32>>>();
  else if (!strcmp(which, "shfl_both_paths")) shflBothPaths<<<1, 32>>>();
  else if (!strcmp(which, "block_scan_exited")) blockScanExited<<<1, 1024>>>(1000);
  else if (!strcmp(which, "block_scan_full")) blockScanExited<<<1, 1024>>>(1024);
  else if (!strcmp(which, "syncthreads_exited")) syncthreadsExited<<<1, 64>>>();
  else {
    fprintf(stderr, "usage: exited_lanes CASE\n");
    return 2;
  }
  cudaError_t e = cudaDeviceSynchronize();
  int h[64], sc[1024];
  cudaMemcpyFromSymbol(h, out, sizeof h);
  cudaMemcpyFromSymbol(sc, scanned, sizeof sc);
  printf("%s: %s;", which, cudaGetErrorString(e));
  for (int i = 0; i < 8; i++) printf(" %d", h[i]);
  if (!strncmp(which, "block_scan", 10)) printf("; scanned[0] %d, [31] %d, [32] %d, [999] %d", sc[0], sc[31], sc[32], sc[999]);
  if (!strcmp(which, "syncthreads_exited")) printf("; out[32] %d, out[63] %d", h[32], h[63]);
  printf("\n");
  return e == cudaSuccess ? 0 : 1;
}
