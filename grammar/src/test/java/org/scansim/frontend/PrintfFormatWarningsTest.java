package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Warnings for a literal printf format whose arguments do not match it in a way that prints
 * garbage (gcc's -Wformat finds these; nvcc's default build says nothing): the file still compiles.
 */
class PrintfFormatWarningsTest {

  private static List<String> warnings(String body) {
    return Compile.diagnostics("#include <cstdio>\n__global__ void k(float *o, int n, const char *s) {\n" + body + "\n}\n")
        .stream().filter(d -> d.contains("warning:")).toList();
  }

  @Test
  void aFloatWhereAnIntegerConversionReadsAndTheOtherWayRound() {
    assertThat(warnings("  printf(\"%d %f\\n\", o[0], n);")).hasSize(2)
        .anySatisfy(w -> assertThat(w).contains("format '%d' expects an integer, but argument 2 has type 'float'"))
        .anySatisfy(w -> assertThat(w).contains("format '%f' expects a double, but argument 3 has type 'int'"));
    assertThat(warnings("  printf(\"%s\\n\", n);")).singleElement().asString()
        .contains("format '%s' expects a string (char *), but argument 2 has type 'int'");
  }

  @Test
  void aConversionWithNoArgumentAndArgumentsNoConversionTakes() {
    assertThat(warnings("  printf(\"%d %s\\n\", n);")).singleElement().asString()
        .contains("format '%s' has no argument left to print (argument 3 is missing): what it prints is undefined");
    assertThat(warnings("  printf(\"%d\\n\", n, n, n);")).singleElement().asString()
        .contains("more arguments than the format '%d\\n' takes: the last 2 are not printed");
    assertThat(warnings("  printf(\"%d\\n\", n, n);")).singleElement().asString().contains("the last is not printed");
  }

  @Test
  void starsTakeTheirIntFirstAndAPlainPercentTakesNone() {
    assertThat(warnings("  printf(\"%*d|%-5.2f|%%|%c|%.*s\\n\", 4, n, 1.5f, 'x', 3, s);")).isEmpty();
    assertThat(warnings("  printf(\"%*d\\n\", n);")).singleElement().asString().contains("format '%*d' has no argument left");
    // A '*' takes an int (gcc: "field width specifier '*' expects argument of type 'int'"); one of %% too, as glibc reads it.
    assertThat(warnings("  printf(\"%*d\\n\", 2.0f, n);")).singleElement().asString()
        .contains("'*' in format '%*d' takes an int, but argument 2 has type 'float'");
    assertThat(warnings("  printf(\"[%*%|%d]\\n\", 3, n);")).isEmpty();
  }

  @Test
  void aFormatOfManyWrongConversionsSaysAFew() {
    String many = "%f".repeat(1000);
    String ints = ", n".repeat(1000);
    assertThat(warnings("  printf(\"" + many + "\"" + ints + ");")).hasSize(4);
  }

  @Test
  void rightFormatsAndIntegerWidthsAreLeftAlone() {
    // %ld of an int prints right for small values on a little-endian host: not flagged.
    assertThat(warnings("  printf(\"%d %u %x %c %ld %zu %lld %e %g %s %p\\n\", n, 1u, n, 'c', n, sizeof(int), 1ll, 1.0, o[0], s, o);"))
        .isEmpty();
    assertThat(warnings("  printf(\"no conversions\\n\");")).isEmpty();
    // Positional arguments (glibc's %1$d) and conversions C does not have: nothing sure to say.
    assertThat(warnings("  printf(\"%1$d %1$d\\n\", n);")).isEmpty();
    assertThat(warnings("  printf(\"%y %d\\n\", n);")).isEmpty();
  }
}
