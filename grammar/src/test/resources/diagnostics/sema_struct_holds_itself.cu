struct Node {
    float value;
    Node next;
};
// expect-nvcc: error
