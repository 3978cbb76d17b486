/* gcc's ", ## __VA_ARGS__": the comma goes when the variable arguments are absent. */
#define LOG(fmt, ...) printf(fmt, ## __VA_ARGS__)
#define LOG2(fmt, ...) printf(fmt,##__VA_ARGS__)
#define ONLY(...) f(x, ## __VA_ARGS__)
LOG("a") LOG("b",) LOG("c", 1) LOG("d", 1, 2, 3)
LOG2("e") LOG2("f", x)
ONLY() ONLY(1) ONLY(1, 2)
#define VA(...) <__VA_ARGS__>
#define VB(a, ...) <a|__VA_ARGS__>
VA() VA(1) VA(1, 2) VA((1, 2), 3)
VB(1) VB(1,) VB(1, 2) VB(1, 2, 3)
