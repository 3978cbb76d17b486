// The C and C++ library calls scan programs make on the host, each printed, so that this
// program's output under scansim can be compared line by line with the same file built by a C++
// compiler (examples/programs/expected/host_library.txt records g++'s).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  // numbers from text
  printf("atoi %d %d %d\n", atoi("42"), atoi("  -17xyz"), atoi("abc"));
  printf("atol %ld atof %g %g\n", atol("1234567890123"), atof("3.5e2"), atof("  -0.125rest"));
  char *end;
  long h = strtol("0x1F tail", &end, 0);
  printf("strtol %ld [%s]\n", h, end);
  long o = strtol("0755", &end, 0);
  printf("strtol octal %ld, base 2 %ld, base 36 %ld\n", o, strtol("1011", NULL, 2), strtol("zz", NULL, 36));
  unsigned long big = strtoul("18446744073709551615", NULL, 10);
  printf("strtoul %lu, strtol clamps %ld\n", big, strtol("99999999999999999999", NULL, 10));
  double d = strtod("1e-3 and more", &end);
  printf("strtod %g [%s] strtof %g\n", d, end, strtof("2.5", NULL));

  // glibc's generator
  int first = rand();
  printf("rand unseeded %d\n", first);
  srand(2024);
  int a = rand();
  int b = rand();
  int c = rand();
  printf("rand after srand(2024): %d %d %d, RAND_MAX %d\n", a, b, c, RAND_MAX);
  srand(0);
  int z = rand();
  srand(1);
  printf("srand(0) is srand(1): %d\n", z == rand());

  // strings and memory
  char buf[64];
  strcpy(buf, "prefix");
  strcat(buf, "-sum");
  printf("%s %lu %d %d %d\n", buf, strlen(buf), strcmp(buf, "prefix") > 0, strcmp("a", "b") < 0, strncmp(buf, "pre", 3));
  printf("strchr [%s] strrchr [%s] strstr [%s]\n", strchr(buf, 'f'), strrchr(buf, 'f'), strstr(buf, "x-s"));
  printf("missing: %d %d\n", strchr(buf, 'q') == NULL, strstr(buf, "zz") == NULL);
  const char *path = "kernels/harris/blelloch.cu";
  const char *base = strrchr(path, '/');
  printf("file %s\n", base ? base + 1 : path);
  int src[6] = {1, 2, 3, 4, 5, 6};
  int dst[6];
  memset(dst, 0, sizeof(dst));
  memcpy(dst + 1, src, 3 * sizeof(int));
  printf("memcpy %d %d %d %d %d %d\n", dst[0], dst[1], dst[2], dst[3], dst[4], dst[5]);
  memmove(src + 1, src, 4 * sizeof(int));
  printf("memmove %d %d %d %d %d %d memcmp %d\n", src[0], src[1], src[2], src[3], src[4], src[5],
         memcmp(src, dst, sizeof(int)) == 0);
  char small[8];
  strncpy(small, "ab", sizeof(small));
  printf("strncpy [%s] pads %d\n", small, small[7] == 0);

  // <cmath>
  int n = 1000;
  printf("log2 %d %d %g ceil %g floor %g\n", (int)log2(1024.0), (int)ceil(log2((double)n)), log2(10.0), ceil(2.1), floor(-2.1));
  printf("round %g %g %g trunc %g %g\n", round(2.5), round(-2.5), round(0.49999999999999994), trunc(-3.7), trunc(3.7));
  printf("sqrt %.17g sqrtf %.9g pow %g exp %.15g log %.15g\n", sqrt(2.0), sqrtf(2.0f), pow(2.0, 20), exp(1.0), log(10.0));
  printf("fabs %g fmod %g fmin %g fmax %g log10 %g cbrt %g\n", fabs(-1.5), fmod(7.5, 2.0), fmin(1.0, NAN), fmax(-1.0, 2.0),
         log10(1000.0), cbrt(27.0));
  float f = 2.0f;
  printf("std::sqrt(float) %.9g std::pow %g ldexp %g\n", std::sqrt(f), std::pow(3.0, 4.0), ldexp(1.5, 4));

  // output
  puts("puts adds a newline");
  putchar('o');
  putchar('k');
  putchar('\n');
  std::cout << "cout " << 42 << ' ' << -7L << ' ' << 4000000000u << ' ' << 0.1f << ' ' << 1e10 << ' ' << 100000.0 << ' '
            << 1234567.0 << ' ' << true << std::endl;
  std::cerr << "to cerr " << 3.25 << std::endl;
  std::cout << "argc " << argc << " argv[0] ends " << (argv[0][strlen(argv[0]) - 1] == 'y') << std::endl;
  return 0;
}
