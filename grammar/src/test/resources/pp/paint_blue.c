/* Painted identifiers stay unexpandable, even when passed on as arguments. */
#define f(x) x(2)
f(f)
#define g f(g)
g
#define foo(x) bar x
foo(foo) (2)
#define id(x) x
#define rec id(rec)
rec id(rec) id(id(rec))
#define m() m
m()() m()()()
