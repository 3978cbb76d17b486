/* Skipped groups are only scanned for directive names. */
#if 0
don't care about ' or " here
#bogus directive
#define X 1
#if 1
#elif garbage ) (
#else
#endif
#error not reached
#else
#endif
#ifdef X
x_wrong
#endif
#if 0
#elif 0
#elif 1
elif_right
#elif 1 / 0
#else
#endif
#if 1
one
#else
#error no
#endif
