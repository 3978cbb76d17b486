// A scan step with two virtual overloads: a virtual function has one signature here.
struct Step {
    virtual int combine(int a, int b) const { return a + b; }
    virtual float combine(float a, float b) const { return a + b; }
};
