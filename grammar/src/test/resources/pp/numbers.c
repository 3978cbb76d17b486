/* pp-numbers (6.4.8) are single tokens. */
#define CAT(a, b) a ## b
#define S(x) #x
0x1e+1 1.e+5 .5e-3 1.2.3 0x1p-3 1_000 12ll 1e 0xE+1
CAT(1, .5) CAT(.5, e+3) CAT(0x, ffULL) CAT(1, e) - 5
S(0x1e+1) S(1'000'000) S(1.e+5)
#define N 10
N1 1N N.5
