// A warp match over float keys: integer keys only here.
__global__ void groups(const float *keys, unsigned *peers) {
    float k = keys[threadIdx.x];
    peers[threadIdx.x] = __match_any_sync(0xffffffff, k);
}
