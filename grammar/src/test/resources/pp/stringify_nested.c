#define S(x) #x
#define XS(x) S(x)
#define E
#define ONE 1
#define PAIR(a, b) a b
XS(ONE) XS( ONE ) XS(E ONE E) XS(ONE E ONE)
XS(PAIR(1, 2)) XS(PAIR(1,2)+3) XS(PAIR( , 2)) XS(PAIR(1, ))
XS(a E b) XS(aE b) XS( E ) XS(E)
#define CAT(a, b) a ## b
XS(CAT(x, y) z) XS(CAT(x, y)z) XS(z CAT(x, y))
XS(ONE(2)) XS(S(q))
