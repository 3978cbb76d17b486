#define F(a, b) <a|b>
#define G(x) F(x, (x))
F((1, 2), [3; 4])
F({a; b}, c)
F(f(g(1, 2), 3), h((4)))
G(G(1))
F(
  multi
  line,
  args
)
F( , )
