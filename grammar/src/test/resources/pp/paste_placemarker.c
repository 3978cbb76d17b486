#define P(a, b) [a ## b]
#define Q(a, b, c) [a ## b ## c]
#define R(a) [x ## a] [a ## y]
P(,) P(1,) P(,1) P( , ) P(a b,) P(, a b)
Q(,,) Q(a,,) Q(,a,) Q(,,a) Q(a,,b)
R() R(1) R(z)
#define EMPTY
P(EMPTY, 1) P(1, EMPTY)
