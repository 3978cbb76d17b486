/* Line splices (5.1.1.2 phase 2). */
#def\
ine SPL\
ICED 1\
2
SPLICED
#define F(x) \
  (x \
   + 1)
F(\
2)
in\
t v = F(SP\
LICED);
#define S(x) #x
S(a\
b) S(a \
b)
"str\
ing"
