/* A function-like macro name in an argument cannot take parentheses outside it. */
#define f(x) [x]
#define g(x) x(1)
#define id(x) x
g(f) id(f)(2) id(f(3)) id(id)(4)
#define call(m, a) m(a)
call(f, 5) call(id, f)(6) call(g, f)
