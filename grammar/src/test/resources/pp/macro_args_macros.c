/* Arguments are expanded first, except as operands of # and ##. */
#define ONE 1
#define TWO ONE + ONE
#define S(x) #x
#define XS(x) S(x)
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define ID(x) x
S(TWO) XS(TWO) CAT(ONE, TWO) XCAT(ONE, TWO)
ID(S(TWO)) ID(XS(TWO)) ID(ID(ID(TWO)))
#define BOTH(x) #x x
BOTH(TWO)
#define TWICE(x) x x
TWICE(TWICE(ONE))
