// A derived class that makes its plain base polymorphic: the virtual functions belong in the base.
struct Range {
    int first, last;
};
struct Scanned : Range {
    virtual int length() const { return last - first; }
};
