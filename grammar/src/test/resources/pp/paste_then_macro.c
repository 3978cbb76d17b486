#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define foobar 42
#define ONE 1
CAT(foo, bar) CAT(ON, E) XCAT(ON, E)
CAT(CA, T)(x, y)
CAT(ONE, ONE) XCAT(ONE, ONE)
#define fn(x) <x>
CAT(f, n)(3) CAT(f, n) (4)
#define SELF CAT(SE, LF)
SELF
