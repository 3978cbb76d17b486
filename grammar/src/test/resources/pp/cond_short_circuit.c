#if 0 && (1 / 0)
w1
#endif
#if 1 || (1 / 0)
r1
#endif
#if 0 && 1 % 0
w2
#else
r2
#endif
#if (0 ? 1 / 0 : 2) == 2
r3
#endif
#define DIV(a, b) ((b) != 0 && (a) / (b) > 1)
#if DIV(4, 2) && !DIV(4, 0)
r4
#endif
