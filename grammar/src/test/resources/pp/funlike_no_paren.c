/* A function-like macro name not followed by '(' is not an invocation. */
#define f(x) <x>
#define g(x) {x}
f + f (1) f
(2) f ;
int f; f = 3;
g
#define y 7
(y)
#define h f
h h(3) h
(4)
#define LP (
f LP 1)
#define ARR f[0]
ARR
