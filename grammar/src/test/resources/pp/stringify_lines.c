/* Arguments spanning lines: a newline is white space. */
#define S(x) #x
#define XS(x) S(x)
#define ID(x) x
S(a
b) S(
a) S(a
) XS(ID(
  1)
+ 2)
S(  first
    second  third
)
