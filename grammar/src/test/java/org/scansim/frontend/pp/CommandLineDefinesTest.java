package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostic;

class CommandLineDefinesTest {

  private static Map<String, String> defines(String... nameValue) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1]);
    }
    return m;
  }

  @Test
  void valuesAndFlags() {
    Pp pp = Pp.run("N FLAG SQ(3)\n", defines("N", "256", "FLAG", null, "SQ(x)", "((x)*(x))"));
    assertThat(pp.tokens()).isEqualTo("256 1 ( ( 3 ) * ( 3 ) )");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void emptyValueDefinesAnEmptyMacro() {
    Pp pp = Pp.run("#ifdef E\n[E]\n#endif\n", defines("E", ""));
    assertThat(pp.tokens()).isEqualTo("[ ]");
  }

  @Test
  void defineSpellingsLiveInTheCommandLineFile() {
    Pp pp = Pp.run("int a = N;\n", defines("M", "1", "N", "2"));
    assertThat(pp.spanOfOutput("2").macro().spelling().file().name()).isEqualTo("<command line>");
    assertThat(pp.spanOfOutput("2").macro().spelling().line()).isEqualTo(2);
  }

  @Test
  void badNameIsAnErrorInTheCommandLineFile() {
    Pp pp = Pp.run("1X\n", defines("1X", "3"));
    Diagnostic d = pp.diagnostic("identifiers");
    assertThat(d.message()).isEqualTo("macro names must be identifiers");
    assertThat(d.span().file().name()).isEqualTo("<command line>");
    assertThat(d.span().line()).isEqualTo(1);
    assertThat(d.span().col()).isEqualTo(3);
    assertThat(d.span().file().line(1)).isEqualTo("-D1X=3");
  }

  @Test
  void unbalancedValueIsAnError() {
    Pp pp = Pp.run("N\n", defines("OK", "1", "N", "("));
    Diagnostic d = pp.diagnostic("unbalanced");
    assertThat(d.span().file().name()).isEqualTo("<command line>");
    assertThat(d.span().line()).isEqualTo(2);
    assertThat(d.span().col()).isEqualTo(5);
    assertThat(pp.tokens()).isEqualTo("N");
  }

  @Test
  void otherMalformedOptions() {
    assertThat(Pp.run("", defines("", "1")).errors()).containsExactly("no macro name given in -D option");
    assertThat(Pp.run("", defines("A B", "1")).errors()).hasSize(1);
    assertThat(Pp.run("", defines("F(x", "x")).errors()).hasSize(1);
    assertThat(Pp.run("", defines("S", "\"open")).errors()).containsExactly("missing terminating \" character in -D value");
    assertThat(Pp.run("", defines("N", "1\n2")).errors()).containsExactly("a -D option cannot contain a newline");
    assertThat(Pp.run("", defines("N", ")")).errors()).containsExactly("unbalanced ')' in -D value");
  }

  @Test
  void laterOptionRedefinesWithAWarning() {
    Pp pp = Pp.run("N\n", defines("N", "1", "N ", "2"));
    assertThat(pp.tokens()).isEqualTo("2");
    assertThat(pp.warnings()).containsExactly("'N' redefined");
  }
}
