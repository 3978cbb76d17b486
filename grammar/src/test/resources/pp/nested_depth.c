/* Deeply nested invocations. */
#define F(x) (x)
#define G(x) F(F(F(F(x))))
F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(0))))))))))))))))))))
G(G(G(G(G(1)))))
#define P0 x
#define P1 P0 P0
#define P2 P1 P1
#define P3 P2 P2
#define P4 P3 P3
#define P5 P4 P4
P5
