/* Counting arguments the usual way. */
#define NARG(...) NARG_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define NARG_(_1, _2, _3, _4, _5, _6, _7, _8, N, ...) N
NARG(a) NARG(a, b) NARG(a, b, c) NARG(a, (b, c), d) NARG(1, 2, 3, 4, 5, 6, 7, 8)
#define CAT(a, b) CAT_(a, b)
#define CAT_(a, b) a ## b
#define OVERLOAD(...) CAT(F, NARG(__VA_ARGS__))(__VA_ARGS__)
#define F1(a) one(a)
#define F2(a, b) two(a, b)
#define F3(a, b, c) three(a, b, c)
OVERLOAD(x) OVERLOAD(x, y) OVERLOAD(x, y, z)
