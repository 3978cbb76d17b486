/* Mutual recursion through arguments stops at the hide set. */
#define f(x) g(x)
#define g(x) f(x)
f(1) g(2) f(g(3))
#define h(x) x(h)
h(h) h(h(1))
#define A(x) B(x) A
#define B(x) A(x) B
A(1) B(2)
#define LEFT(x) x RIGHT
#define RIGHT(x) LEFT(x)
LEFT(1)(2)(3)
