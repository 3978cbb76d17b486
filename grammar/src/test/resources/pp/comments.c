/* Comments are white space; a block comment can continue a directive line. */
#define A /* first */ 1 /* second
  still the comment */ + 2
#define B(x) /**/x/**/
A B(/* empty */ 3) B(4 /* four */)
#define S(x) #x
S(a/**/b) S(a /**/ b) S(/**/a/**/)
// #define C 5
C
#define D 6 // trailing comment
D
/* multi
   line
   comment */ D
