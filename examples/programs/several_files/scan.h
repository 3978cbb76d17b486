// What main.cpp and scan.cu share: a struct, a constant, an inline helper and the scan's prototype.
#pragma once

struct Stats {
  int n;
  float total;
};

const int BLOCK = 128;

// Scans n floats of h_in into h_out on the device, block by block, and fills s.
void scan_on_device(const float *h_in, float *h_out, int n, Stats &s);

inline int blocks_for(int n) { return (n + BLOCK - 1) / BLOCK; }
