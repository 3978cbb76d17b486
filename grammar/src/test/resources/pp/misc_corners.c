/* Assorted corners: stringizing operators, parameter named like the macro, lookahead past empty macros. */
#define f(x) #x
f(#) f(##) f(a ## b) f(%:) f(' ') f("a\n") f(a   "b"   'c')
#define g(g) g + 1
g(2)
#define int long
int x;
# define SP 1
#  if SP
sp
#  endif
#define EMPTY
#define h(x) [x]
h EMPTY (1)
#define q(x, ...) #__VA_ARGS__ x
q(1) q(1,) q(1, a , b)
#define cat(a,b) a##b
cat(,) cat(a,) cat(,b) [cat(1,)]
#define str(x) #x
#define xstr(x) str(x)
xstr(cat(a,)) xstr(q(1, x)) xstr(EMPTY) xstr(h EMPTY (1))
#define APPLY(m, x) m(x)
APPLY(h, APPLY(h, 1))
#define CALL_LATER h EMPTY
CALL_LATER(2)
#define NIL(x) x
NIL(NIL)(3)
#define TWICE(x) x ## x
TWICE(ab) TWICE() TWICE(1)
#define STR_PARENS(...) #__VA_ARGS__
STR_PARENS((a,b), (c , d))
#define M1(x) x
#define M2 M1(
M2 5)
