#define LEVEL 3
#if LEVEL == 1
l1
#elif LEVEL == 2
l2
#elif LEVEL == 3
l3
#elif LEVEL == 3
l3_again
#else
lx
#endif
#define V(maj, min) ((maj) * 100 + (min))
#if V(1, 2) >= V(1, 10)
old
#elif V(1, 2) < V(1, 10) && defined(LEVEL)
new
#endif
#ifdef LEVEL
# if LEVEL > 2
#  define DEEP deep
# endif
#endif
DEEP
