/* Operands of ## are not expanded, but the result is rescanned. */
#define A 1
#define B 2
#define AB 12
#define CAT(x, y) x ## y
#define CAT_PLUS(x, y) x ## y + x + y
CAT(A, B) CAT_PLUS(A, B) CAT(A, B)CAT(A, B)
#define PASTE_MIDDLE(x) pre ## x ## post
PASTE_MIDDLE(A) PASTE_MIDDLE() PASTE_MIDDLE(a b c)
#define prepost done
PASTE_MIDDLE()
