#define S(x) #x
S(a+b) S( a + b ) S(a   +
   b) S(  ) S()
S("quoted \"string\" \\ here") S('\'') S('"') S("\n")
S(a /* comment */ b) S(f (x) ; y)
S(L"wide" u8"utf8" U'x')
S(\) S(@ $ `)
S(<<<>>>)
