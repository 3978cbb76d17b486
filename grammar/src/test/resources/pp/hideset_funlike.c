/* Function-like macros taking their arguments from after their expansion. */
#define f(a) a*g
#define g(a) f(a)
f(2)(9)
#define h(x) x h
h(1)(2)(3)
#define k(x) k2
#define k2(y) y + k(0)
k(1)(5)(6)
#define AA BB
#define BB(x) AA x
AA(1)(2)
