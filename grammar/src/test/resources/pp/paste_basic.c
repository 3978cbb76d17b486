#define CAT(a, b) a ## b
#define CAT3(a, b, c) a ## b ## c
CAT(foo, bar) CAT(x, 1) CAT(1, 2) CAT(1, e) CAT(1e, +) CAT(0x, 1F)
CAT(-, >) CAT(<, <) CAT(<<, =) CAT(&, &) CAT(|, =) CAT(#, #)
CAT(-, -) CAT(+, =) CAT(:, :)
CAT(L, 'a') CAT(u8, "s") CAT(_, _)
CAT(a b, c d) CAT(a, b c) CAT(a b, c)
