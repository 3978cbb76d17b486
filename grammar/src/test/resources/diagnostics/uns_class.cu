// A CUB-style helper class.
class BlockScan {
public:
    __device__ static float identity() { return 0.0f; }
};
