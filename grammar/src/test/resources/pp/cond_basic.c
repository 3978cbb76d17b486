#define A 1
#define B 0
#if A
a_true
#else
a_false
#endif
#if B
b_true
#elif A
b_elif
#else
b_else
#endif
#ifdef A
ifdef_a
#endif
#ifndef C
ifndef_c
#endif
#if B
#  if A
nested_never
#  else
nested_never2
#  endif
#elif 0
elif_zero
#else
#  ifdef B
nested_yes
#  endif
#endif
#if A
#elif 1/0
#endif
after
