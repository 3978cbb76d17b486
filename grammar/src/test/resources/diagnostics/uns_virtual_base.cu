// A diamond's shared base: one base per class is in, a virtual (shared) base is not.
struct Counter {
    int count;
};
struct Timed : virtual public Counter {
    float ms;
};
