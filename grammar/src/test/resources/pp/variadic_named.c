/* gcc's named variable arguments. */
#define TRACE(fmt, args...) trace(fmt, args)
#define TRACE2(fmt, args...) trace(fmt, ## args)
#define STR(args...) #args
TRACE("x", 1) TRACE("y", 1, 2)
TRACE2("z") TRACE2("w", 3)
STR() STR(a, b,  c)
