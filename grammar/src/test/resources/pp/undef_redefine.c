#define X 1
a X
#undef X
b X
#define X 2
c X
#undef X
#undef X
#define X(y) y y
d X(3) X
#undef UNKNOWN_NEVER_DEFINED
#define Y X(4)
e Y
#undef X
f Y
