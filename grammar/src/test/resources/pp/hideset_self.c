/* A macro is not replaced inside its own expansion (6.10.3.4p2). */
#define foo foo
#define bar 1 + bar
#define a b
#define b c a
#define c a b
#define self(x) self(x) + x
foo bar a b c
self(1) self(self(2))
#define lparen (
#define call self lparen 3)
call
