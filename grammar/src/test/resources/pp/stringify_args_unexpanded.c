#define S(x) #x
#define XS(x) S(x)
#define A B
#define B C
#define C 3
S(A) XS(A) S(A B C) XS(A B C)
#define F(x, y) S(x) #y XS(x) S(y)
F(A, C)
#define STR_LIST(...) #__VA_ARGS__
STR_LIST(A, B,C ,  D)
