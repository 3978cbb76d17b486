// A scan strategy whose step is pure virtual: an object of the base itself cannot be made.
// expect-nvcc: error
#include <cstdio>
class Strategy {
public:
    virtual ~Strategy() {}
    virtual void run(int *data, int n) = 0;
};
class Serial : public Strategy {
public:
    void run(int *data, int n) override {
        for (int i = 1; i < n; i++) data[i] += data[i - 1];
    }
};
int main() {
    int data[4] = {1, 2, 3, 4};
    Strategy s;
    Strategy *p = new Strategy;
    Serial ok;
    ok.run(data, 4);
    printf("%d\n", data[3]);
    return 0;
}
