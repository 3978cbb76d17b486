/* Parentheses only where written. */
#define SQR(x) x*x
#define SQR2(x) ((x)*(x))
#define ADD(a, b) a+b
SQR(a+b) SQR2(a+b) 2*ADD(1, 2) SQR(ADD(1, 2))
#define NEG -1
-NEG - -NEG
#define MUL(a, b) a * b
MUL(1 + 2, 3 + 4)
