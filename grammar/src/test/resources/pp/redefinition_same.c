/* Identical redefinitions are allowed (6.10.3p2). */
#define A 1 + 2
#define A 1 /* c */ + /* d */ 2
#define F(x, y) x ## y
#define F( x , y ) x ## y
#define G(x) # x
#define G(x) #   x
A F(p, q) G(z)
