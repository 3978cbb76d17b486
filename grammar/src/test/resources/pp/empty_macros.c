#define E
#define EF()
#define EA(x)
#define EV(...)
[E] [EF()] [EA(1)] [EV(1, 2, 3)] [E E E] [EF() EA(EF()) EV()]
#define WRAP(m) m
WRAP(E) WRAP(EF)() WRAP(EA)(x)
