/* X-macros. */
#define COLORS(X) X(RED, 1) X(GREEN, 2) X(BLUE, 4)
#define AS_ENUM(name, value) name = value,
#define AS_STRING(name, value) #name,
#define AS_CASE(name, value) case name: return value;
enum Color { COLORS(AS_ENUM) };
const char *names[] = { COLORS(AS_STRING) };
int f(int c) { switch (c) { COLORS(AS_CASE) } return 0; }
#define APPLY(m, ...) m(__VA_ARGS__)
APPLY(AS_ENUM, WHITE, 7)
