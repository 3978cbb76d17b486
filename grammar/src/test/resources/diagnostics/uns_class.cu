// A CUB-style helper class with a virtual function: classes are in, virtual functions are not.
class BlockScan {
public:
    __device__ virtual float identity() { return 0.0f; }
};
