/* Directives inside macro arguments (undefined in C; gcc processes them). */
#define F(x, y) [x|y]
F(a,
#ifdef NOT_DEFINED
  wrong
#else
  right
#endif
)
#define G(x) x
G(1
#define LATER 2
+ LATER)
LATER
G(
#undef LATER
LATER)
