#if (1 ? 2 : 3) == 2 && (0 ? 2 : 3) == 3
t1
#endif
#if (1 ? 0 ? 4 : 5 : 6) == 5
t2
#endif
#if (0 ? 1 : 0 ? 2 : 3) == 3
t3
#endif
#if (1, 0)
t4_wrong
#else
t4_right
#endif
#if 0, 1
t5_right
#endif
#if (1 ? 1 : 1 / 0) && (0 ? 1 / 0 : 1)
t6_right
#endif
