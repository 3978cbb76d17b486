#define A
#define B 0
#if defined A && defined(B) && !defined C && !defined(C)
d1
#endif
#if defined ( A )
d2
#endif
#define IS_A defined(A)
#if IS_A
d3
#endif
#define IS(x) defined(x)
#define D D
#if IS(D) && !IS(C)
d4
#endif
#if B
d5_wrong
#elif defined B
d5_right
#endif
#if C
d6_wrong
#endif
#if true && !false
d7
#endif
#define F(x) x
#if F(1) + F(F(2)) == 3
d8
#endif
#if F
d9_wrong
#endif
#undef A
#ifdef A
d10_wrong
#endif
