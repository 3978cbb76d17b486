/* Macro names inside literals are not replaced. */
#define X 1
#define Y(a) a
"X" 'X' X "Y(X)" Y("X") Y('X') L"X" u8"X"
#define S(x) #x
S("X") S(X "X" 'X')
#define Q "a string with X and \" and \\"
Q
