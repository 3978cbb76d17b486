/* Punctuators survive expansion as single tokens. */
#define OPS <<= >>= ... -> :: .* ->* ++ -- && || <= >= == != += -= *= /= %= &= ^= |= << >>
#define ID(x) x
OPS
ID(<<=) ID(>>=) ID(a->b) ID(s::t) ID(p->*q) ID(o.*m) ID(i++) ID(--j)
ID(a<b) ID(a>b) ID(<) ID(>)
#define NEG(x) -x
-NEG(1) NEG(-1) +NEG(+1)
