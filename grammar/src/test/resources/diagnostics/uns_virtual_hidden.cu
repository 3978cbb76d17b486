// A derived scan step whose combine takes other parameters: it would hide the base's virtual one.
struct Step {
    virtual ~Step() {}
    virtual int combine(int a, int b) const { return a + b; }
};
struct FloatStep : Step {
    float combine(float a, float b) const { return a + b; }
};
