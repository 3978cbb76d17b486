// Bank and sector probe: one warp, one shared (or global) access per launch, counted by ncu.
#include <cstdio>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

__shared__ __align__(1024) unsigned char smem_dummy[1];

template <int W, bool STORE>
__global__ void shared_probe(const int* offs, unsigned mask, unsigned* out) {
  __shared__ __align__(1024) unsigned char smem[32768];
  int lane = threadIdx.x;
  unsigned a = (unsigned)__cvta_generic_to_shared(smem) + offs[lane];
  unsigned r = 0, r1 = 0, r2 = 0, r3 = 0;
  if ((mask >> lane) & 1u) {
    if (!STORE) {
      if (W == 1) asm volatile("ld.shared.u8 %0, [%1];" : "=r"(r) : "r"(a));
      if (W == 2) asm volatile("ld.shared.u16 %0, [%1];" : "=r"(r) : "r"(a));
      if (W == 4) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(r) : "r"(a));
      if (W == 8) asm volatile("ld.shared.v2.u32 {%0,%1}, [%2];" : "=r"(r), "=r"(r1) : "r"(a));
      if (W == 16) asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(r), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
    } else {
      unsigned v = lane;
      if (W == 1) asm volatile("st.shared.u8 [%0], %1;" :: "r"(a), "r"(v));
      if (W == 2) asm volatile("st.shared.u16 [%0], %1;" :: "r"(a), "r"(v));
      if (W == 4) asm volatile("st.shared.u32 [%0], %1;" :: "r"(a), "r"(v));
      if (W == 8) asm volatile("st.shared.v2.u32 [%0], {%1,%1};" :: "r"(a), "r"(v));
      if (W == 16) asm volatile("st.shared.v4.u32 [%0], {%1,%1,%1,%1};" :: "r"(a), "r"(v));
    }
  }
  out[lane] = r + r1 + r2 + r3;
}

template <int W>
__global__ void global_probe(const int* offs, unsigned mask, const unsigned char* data, unsigned* out) {
  int lane = threadIdx.x;
  const unsigned char* p = data + offs[lane];
  unsigned r = 0, r1 = 0, r2 = 0, r3 = 0;
  if ((mask >> lane) & 1u) {
    if (W == 1) asm volatile("ld.global.u8 %0, [%1];" : "=r"(r) : "l"(p));
    if (W == 4) asm volatile("ld.global.u32 %0, [%1];" : "=r"(r) : "l"(p));
    if (W == 8) asm volatile("ld.global.v2.u32 {%0,%1}, [%2];" : "=r"(r), "=r"(r1) : "l"(p));
    if (W == 16) asm volatile("ld.global.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(r), "=r"(r1), "=r"(r2), "=r"(r3) : "l"(p));
  }
  out[lane] = r + r1 + r2 + r3;
}

struct Case { std::string name; char space; int width; bool store; unsigned mask; std::function<int(int)> f; };

int main() {
  const unsigned ALL = 0xFFFFFFFFu;
  std::vector<Case> cs = {
    {"w4_stride1", 's', 4, false, ALL, [](int i) { return 4 * i; }},
    {"w4_stride2", 's', 4, false, ALL, [](int i) { return 8 * i; }},
    {"w4_stride32", 's', 4, false, ALL, [](int i) { return 128 * i; }},
    {"w4_same_word", 's', 4, false, ALL, [](int i) { return 100; }},
    {"w4_two_words_one_bank", 's', 4, false, ALL, [](int i) { return i < 16 ? 0 : 128; }},
    {"w4_4lanes_stride32", 's', 4, false, 0xFu, [](int i) { return 128 * i; }},
    {"w4_lanes0_31", 's', 4, false, 0x80000001u, [](int i) { return 4 * i; }},
    {"w1_stride1", 's', 1, false, ALL, [](int i) { return i; }},
    {"w1_stride4", 's', 1, false, ALL, [](int i) { return 4 * i; }},
    {"w1_stride128", 's', 1, false, ALL, [](int i) { return 128 * i; }},
    {"w2_stride1", 's', 2, false, ALL, [](int i) { return 2 * i; }},
    {"w2_stride64", 's', 2, false, ALL, [](int i) { return 64 * i; }},
    {"w8_consecutive", 's', 8, false, ALL, [](int i) { return 8 * i; }},
    {"w8_stride2", 's', 8, false, ALL, [](int i) { return 16 * i; }},
    {"w8_all_same", 's', 8, false, ALL, [](int i) { return 0; }},
    {"w8_lanes0_15", 's', 8, false, 0xFFFFu, [](int i) { return 8 * i; }},
    {"w8_lanes16_31", 's', 8, false, 0xFFFF0000u, [](int i) { return 8 * i; }},
    {"w8_lanes0_7_16_23", 's', 8, false, 0x00FF00FFu, [](int i) { return 8 * i; }},
    {"w8_halves_same", 's', 8, false, ALL, [](int i) { return 8 * (i % 16); }},
    {"w8_pairs_same", 's', 8, false, ALL, [](int i) { return 8 * (i / 2); }},
    {"w8_halves_swapped", 's', 8, false, ALL, [](int i) { return 8 * ((i + 16) % 32); }},
    {"w8_stride32_words", 's', 8, false, ALL, [](int i) { return 256 * i; }},
    {"w8_halves_other_rows", 's', 8, false, ALL, [](int i) { return i < 16 ? 8 * i : 256 + 8 * (i - 16); }},
    {"w8_lanes0_1_same_bank", 's', 8, false, 0x3u, [](int i) { return 128 * i; }},
    {"w8_lanes0_16_same_bank", 's', 8, false, 0x10001u, [](int i) { return i == 0 ? 0 : 128; }},
    {"w16_consecutive", 's', 16, false, ALL, [](int i) { return 16 * i; }},
    {"w16_lanes0_7", 's', 16, false, 0xFFu, [](int i) { return 16 * i; }},
    {"w16_all_same", 's', 16, false, ALL, [](int i) { return 0; }},
    {"w16_quarters_same", 's', 16, false, ALL, [](int i) { return 16 * (i % 8); }},
    {"w16_lanes0_8", 's', 16, false, 0x101u, [](int i) { return 16 * i; }},
    {"w16_stride2", 's', 16, false, ALL, [](int i) { return 32 * i; }},
    {"w16_pairs_same", 's', 16, false, ALL, [](int i) { return 16 * (i / 2); }},
    {"w16_lanes0_1_same_bank", 's', 16, false, 0x3u, [](int i) { return 128 * i; }},
    {"st_w4_stride1", 's', 4, true, ALL, [](int i) { return 4 * i; }},
    {"st_w4_same_word", 's', 4, true, ALL, [](int i) { return 0; }},
    {"st_w4_stride2", 's', 4, true, ALL, [](int i) { return 8 * i; }},
    {"st_w4_pairs_same", 's', 4, true, ALL, [](int i) { return 4 * (i / 2); }},
    {"st_w1_stride1", 's', 1, true, ALL, [](int i) { return i; }},
    {"st_w8_consecutive", 's', 8, true, ALL, [](int i) { return 8 * i; }},
    {"st_w8_all_same", 's', 8, true, ALL, [](int i) { return 0; }},
    {"st_w8_lanes0_15", 's', 8, true, 0xFFFFu, [](int i) { return 8 * i; }},
    {"st_w16_consecutive", 's', 16, true, ALL, [](int i) { return 16 * i; }},
    {"st_w16_lanes0_7", 's', 16, true, 0xFFu, [](int i) { return 16 * i; }},
    {"st_w16_all_same", 's', 16, true, ALL, [](int i) { return 0; }},
    {"r2_w8_half0_word0_half1_word2", 's', 8, false, ALL, [](int i) { return i < 16 ? 0 : 8; }},
    {"r2_w8_half0_full_half1_one", 's', 8, false, ALL, [](int i) { return i < 16 ? 8 * i : 0; }},
    {"r2_w8_both_halves_pairs_same", 's', 8, false, ALL, [](int i) { return 8 * ((i % 16) / 2); }},
    {"r2_w8_half0_pairs_half1_full", 's', 8, false, ALL, [](int i) { return i < 16 ? 8 * (i / 2) : 8 * (i - 16); }},
    {"r2_w8_overlap_union32_sum34", 's', 8, false, ALL, [](int i) { return i < 16 ? 8 * (i < 8 ? i : 8) : 64 + 8 * ((i - 16) / 2); }},
    {"r2_w8_both_halves_2way", 's', 8, false, 0x30003u, [](int i) { return i == 0 ? 0 : i == 1 ? 128 : i == 16 ? 40 : 168; }},
    {"r2_w8_lanes0_3_16_19", 's', 8, false, 0x000F000Fu, [](int i) { return 8 * i; }},
    {"r2_w8_lanes0_1_16_17", 's', 8, false, 0x00030003u, [](int i) { return 8 * i; }},
    {"r2_w8_lanes0_7_16_23_row0", 's', 8, false, 0x00FF00FFu, [](int i) { return i < 8 ? 8 * i : 64 + 8 * (i - 16); }},
    {"r2_w8_lanes0_16_row0", 's', 8, false, 0x10001u, [](int i) { return i == 0 ? 0 : 64; }},
    {"r2_w8_half0_full_lane16_dup", 's', 8, false, 0x1FFFFu, [](int i) { return i < 16 ? 8 * i : 0; }},
    {"r2_w8_quarters_same", 's', 8, false, ALL, [](int i) { return 8 * (i % 8); }},
    {"r2_w16_half0_addr0_half1_addr16", 's', 16, false, ALL, [](int i) { return i < 16 ? 0 : 16; }},
    {"r2_w16_q0_pairs_q1_one", 's', 16, false, 0xFFFFu, [](int i) { return i < 8 ? 16 * (i / 2) : 0; }},
    {"r2_w16_q0_full_q1_one", 's', 16, false, 0xFFFFu, [](int i) { return i < 8 ? 16 * i : 0; }},
    {"r2_w16_q0_q2_addr0", 's', 16, false, 0x00FF00FFu, [](int i) { return 0; }},
    {"r2_w16_lanes0_16_row0", 's', 16, false, 0x10001u, [](int i) { return i == 0 ? 0 : 64; }},
    {"r2_w16_lanes0_8_row0", 's', 16, false, 0x101u, [](int i) { return i == 0 ? 0 : 64; }},
    {"r2_w16_quads_same", 's', 16, false, ALL, [](int i) { return 16 * (i / 4); }},
    {"r2_st_w8_lanes0_7_16_23", 's', 8, true, 0x00FF00FFu, [](int i) { return 8 * i; }},
    {"r2_st_w8_pairs_same", 's', 8, true, ALL, [](int i) { return 8 * (i / 2); }},
    {"r2_st_w8_half0_word0_half1_word2", 's', 8, true, ALL, [](int i) { return i < 16 ? 0 : 8; }},
    {"r2_st_w8_lanes0_16_row0", 's', 8, true, 0x10001u, [](int i) { return i == 0 ? 0 : 64; }},
    {"r2_st_w8_lanes0_16_row1", 's', 8, true, 0x10001u, [](int i) { return i == 0 ? 0 : 128; }},
    {"r2_st_w16_pairs_same", 's', 16, true, ALL, [](int i) { return 16 * (i / 2); }},
    {"r2_st_w4_stride32", 's', 4, true, ALL, [](int i) { return 128 * i; }},
    {"r2_st_w2_stride1", 's', 2, true, ALL, [](int i) { return 2 * i; }},
    {"g_baseline_mask0", 'g', 4, false, 0u, [](int i) { return 4 * i; }},
    {"g_w4_coalesced", 'g', 4, false, ALL, [](int i) { return 4 * i; }},
    {"g_w4_stride2", 'g', 4, false, ALL, [](int i) { return 8 * i; }},
    {"g_w4_misaligned", 'g', 4, false, ALL, [](int i) { return 4 + 4 * i; }},
    {"g_w4_scattered", 'g', 4, false, ALL, [](int i) { return 4096 * i + 4; }},
    {"g_w4_same", 'g', 4, false, ALL, [](int i) { return 64; }},
    {"g_w4_lanes0_7", 'g', 4, false, 0xFFu, [](int i) { return 4 * i; }},
    {"g_w16_consecutive", 'g', 16, false, ALL, [](int i) { return 16 * i; }},
    {"g_w1_stride1", 'g', 1, false, ALL, [](int i) { return i; }},
    {"g_w8_consecutive", 'g', 8, false, ALL, [](int i) { return 8 * i; }},
  };
  int* d_offs; unsigned* d_out; unsigned char* d_data;
  cudaMalloc(&d_offs, 32 * sizeof(int));
  cudaMalloc(&d_out, 32 * sizeof(unsigned));
  cudaMalloc(&d_data, 1 << 20);
  cudaMemset(d_data, 0, 1 << 20);
  for (size_t k = 0; k < cs.size(); k++) {
    const Case& c = cs[k];
    int h[32];
    printf("CASE\t%zu\t%s\t%c\t%d\t%s\t%08x\t", k, c.name.c_str(), c.space, c.width, c.store ? "st" : "ld", c.mask);
    for (int i = 0; i < 32; i++) { h[i] = c.f(i); printf(i ? " %d" : "%d", h[i]); }
    printf("\n");
    cudaMemcpy(d_offs, h, sizeof h, cudaMemcpyHostToDevice);
    if (c.space == 's') {
#define L(W, S) shared_probe<W, S><<<1, 32>>>(d_offs, c.mask, d_out)
      if (!c.store) { if (c.width == 1) L(1, false); if (c.width == 2) L(2, false); if (c.width == 4) L(4, false); if (c.width == 8) L(8, false); if (c.width == 16) L(16, false); }
      else { if (c.width == 1) L(1, true); if (c.width == 2) L(2, true); if (c.width == 4) L(4, true); if (c.width == 8) L(8, true); if (c.width == 16) L(16, true); }
    } else {
      if (c.width == 1) global_probe<1><<<1, 32>>>(d_offs, c.mask, d_data, d_out);
      if (c.width == 4) global_probe<4><<<1, 32>>>(d_offs, c.mask, d_data, d_out);
      if (c.width == 8) global_probe<8><<<1, 32>>>(d_offs, c.mask, d_data, d_out);
      if (c.width == 16) global_probe<16><<<1, 32>>>(d_offs, c.mask, d_data, d_out);
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("ERROR %s\n", cudaGetErrorString(e)); return 1; }
  }
  return 0;
}
