// scan_driver.cu: standalone host driver that runs one catalog kernel's host entry on a real GPU
// and checks its output against a sequential reference scan. Used by measure.sh under Nsight
// Compute to record the hardware counters in ../measurements/ (not part of the kernel catalog).
//
// Build (one binary per kernel file; the defaults below build the Harris Listing 2 driver):
//   nvcc -O3 -arch=sm_90 -lineinfo \
//        -DKERNEL_FILE='"../../kernels/harris/blelloch.cu"' -DENTRY=blelloch -DSCAN_EXCLUSIVE=1 \
//        -o scan_blelloch scan_driver.cu
// Run:   ./scan_blelloch [-e|-i] N [N ...]
//   -e / -i override the scan kind compiled in (SCAN_EXCLUSIVE=1 exclusive, 0 inclusive).
// For each N: allocates in/out (device, N floats each, out followed by 32 sentinel floats),
// fills in[i] = i % 7 + 1 (every partial sum is an exact small integer in float), calls
// ENTRY(in, out, N) exactly once, synchronises, copies out back and prints
//   n=N correct=1            (or correct=0 mismatches=K first=I got=G want=W sentinel=S input=U)
// The exit status is 0 when every N was correct. The driver launches no kernel of its own
// (initialisation is done with cudaMemcpy only), so the k-th kernel launch that a profiler sees
// belongs to the k-th N when the entry launches one kernel.

#ifndef KERNEL_FILE
#define KERNEL_FILE "../../kernels/harris/blelloch.cu"
#endif
#ifndef ENTRY
#define ENTRY blelloch
#endif
#ifndef SCAN_EXCLUSIVE
#define SCAN_EXCLUSIVE 1
#endif

#include KERNEL_FILE

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define DRIVER_STR2(x) #x
#define DRIVER_STR(x) DRIVER_STR2(x)

static const int kSentinels = 32;
static const unsigned int kSentinelBits = 0x7fc0dead;  // a quiet NaN no scan can produce

static bool check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        printf("CUDA error in %s: %s\n", what, cudaGetErrorString(e));
        return false;
    }
    return true;
}

static int runOne(int n, bool exclusive)
{
    std::vector<float> hin(n), href(n), hout(n + kSentinels), hin2(n);
    for (int i = 0; i < n; ++i) {
        hin[i] = (float)(i % 7 + 1);
    }
    float acc = 0.0f;
    for (int i = 0; i < n; ++i) {
        if (exclusive) { href[i] = acc; acc += hin[i]; }
        else           { acc += hin[i]; href[i] = acc; }
    }
    float sentinel;
    std::memcpy(&sentinel, &kSentinelBits, sizeof sentinel);
    for (int i = 0; i < n + kSentinels; ++i) {
        hout[i] = sentinel;
    }

    float *din = nullptr, *dout = nullptr;
    if (!check(cudaMalloc(&din, n * sizeof(float)), "cudaMalloc(in)")) return 0;
    if (!check(cudaMalloc(&dout, (n + kSentinels) * sizeof(float)), "cudaMalloc(out)")) return 0;
    if (!check(cudaMemcpy(din, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy in")) return 0;
    if (!check(cudaMemcpy(dout, hout.data(), (n + kSentinels) * sizeof(float), cudaMemcpyHostToDevice), "copy out")) return 0;

    ENTRY(din, dout, n);
    bool ok = check(cudaGetLastError(), "launch") && check(cudaDeviceSynchronize(), "synchronize");
    ok = ok && check(cudaMemcpy(hout.data(), dout, (n + kSentinels) * sizeof(float), cudaMemcpyDeviceToHost), "copy back");
    ok = ok && check(cudaMemcpy(hin2.data(), din, n * sizeof(float), cudaMemcpyDeviceToHost), "copy in back");
    cudaFree(din);
    cudaFree(dout);

    int mismatches = 0, first = -1;
    for (int i = 0; i < n; ++i) {
        if (hout[i] != href[i]) {
            if (first < 0) first = i;
            ++mismatches;
        }
    }
    bool sentinelOk = true;
    for (int i = n; i < n + kSentinels; ++i) {
        unsigned int bits;
        std::memcpy(&bits, &hout[i], sizeof bits);
        sentinelOk = sentinelOk && bits == kSentinelBits;
    }
    bool inputOk = std::memcmp(hin.data(), hin2.data(), n * sizeof(float)) == 0;
    bool correct = ok && mismatches == 0 && sentinelOk && inputOk;
    if (correct) {
        printf("n=%d correct=1\n", n);
    } else {
        printf("n=%d correct=0 mismatches=%d first=%d got=%g want=%g sentinel=%d input=%d\n", n,
               mismatches, first, first >= 0 ? hout[first] : 0.0, first >= 0 ? href[first] : 0.0,
               sentinelOk ? 1 : 0, inputOk ? 1 : 0);
    }
    return correct ? 1 : 0;
}

int main(int argc, char **argv)
{
    bool exclusive = SCAN_EXCLUSIVE != 0;
    std::vector<int> sizes;
    for (int a = 1; a < argc; ++a) {
        if (std::strcmp(argv[a], "-e") == 0) { exclusive = true; continue; }
        if (std::strcmp(argv[a], "-i") == 0) { exclusive = false; continue; }
        char *end = nullptr;
        long v = std::strtol(argv[a], &end, 10);
        if (end == argv[a] || *end != '\0' || v < 1 || v > (1L << 24)) {
            fprintf(stderr, "usage: %s [-e|-i] N [N ...]   (bad argument '%s')\n", argv[0], argv[a]);
            return 2;
        }
        sizes.push_back((int)v);
    }
    if (sizes.empty()) {
        fprintf(stderr, "usage: %s [-e|-i] N [N ...]\n", argv[0]);
        return 2;
    }
    printf("kernel_file=%s entry=%s scan=%s\n", KERNEL_FILE, DRIVER_STR(ENTRY),
           exclusive ? "exclusive" : "inclusive");
    int failures = 0;
    for (int n : sizes) {
        failures += 1 - runOne(n, exclusive);
    }
    return failures == 0 ? 0 : 1;
}
