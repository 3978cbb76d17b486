#if 'a' == 97 && 'A' + 1 == 'B'
c1
#endif
#if '\n' == 10 && '\t' == 9 && '\0' == 0 && '\\' == 92 && '\'' == 39
c2
#endif
#if '\377' < 0 && '\xff' == -1 && '\x7f' == 127
c3
#endif
#if '\101' == 65 && '\x41' == 65
c4
#endif
#if L'a' == 97 && u'a' == 97 && U'a' == 97 && u8'a' == 97
c5
#endif
#if 'ab' == 24930
c6
#endif
#if U'\xffffffff' > 0 && L'\xffffffff' < 0
c7
#endif
