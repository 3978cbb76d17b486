/* Usual arithmetic conversions: one unsigned operand makes both unsigned. */
#if -1 < 0u
u1_wrong
#else
u1_right
#endif
#if -1 > 0u
u2_right
#endif
#if (0u - 1) / 2 == 0x7fffffffffffffff
u3_right
#endif
#if -1 / 2u == 0x7fffffffffffffff
u4_right
#endif
#if (1 ? -1 : 0u) > 0
u5_right
#endif
#if 18446744073709551615 == -1
u6_right
#endif
#if (-1 >> 63) == -1 && (-1u >> 63) == 1
u7_right
#endif
#if 0x8000000000000000 > 0
u8_right
#endif
#if -1 % 3u == 0
u9_right
#endif
