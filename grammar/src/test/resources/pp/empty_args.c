#define E0() zero
#define E1(a) one[a]
#define E2(a, b) two[a][b]
#define E3(a, b, c) three[a][b][c]
E0() E0( )
E1() E1( ) E1(/* */)
E2(,) E2( , ) E2(x,) E2(,y)
E3(,,) E3(1,,3)
#define EMPTY
E1(EMPTY) E2(EMPTY, EMPTY)
