/* The rescan continues into the rest of the file, across lines. */
#define g(x) [x]
#define f g
#define LP (
f
(1)
f LP 2)
#define ff(x) x
#define gg ff
gg
(
 a
 + b
)
ff(gg)(3)
