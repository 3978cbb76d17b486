package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PredefinedMacrosTest {

  @Test
  void cudaAndToolMacros() {
    Pp pp = Pp.run("__CUDACC__ __NVCC__ __SCANSIM__ __cplusplus\n");
    assertThat(pp.tokens()).isEqualTo("1 1 1 201703L");
  }

  @Test
  void cudaArchIsNotDefined() {
    Pp pp = Pp.run("#ifdef __CUDA_ARCH__\ndevice\n#else\nhost\n#endif\n");
    assertThat(pp.tokens()).isEqualTo("host");
  }

  @Test
  void whatTheIgnoredSystemHeadersWouldProvide() {
    Pp pp = Pp.run("NULL INT_MAX INT_MIN UINT_MAX FLT_MAX EXIT_SUCCESS EXIT_FAILURE\n");
    assertThat(pp.tokens())
        .isEqualTo("nullptr 2147483647 ( - 2147483647 - 1 ) 4294967295u 3.402823466e+38f 0 1");
    Pp cond = Pp.run("#if INT_MIN < 0 && UINT_MAX == 4294967295 && INT_MAX == 2147483647\nok\n#endif\n");
    assertThat(cond.tokens()).isEqualTo("ok");
  }

  @Test
  void predefinedSpellingsLiveInTheBuiltInFile() {
    Pp pp = Pp.run("p = NULL;\n");
    assertThat(pp.spanOfOutput("nullptr").macro().spelling().file().name()).isEqualTo("<built-in>");
    assertThat(pp.spanOfOutput("nullptr").line()).isEqualTo(1);
  }

  @Test
  void fileAndLine() {
    Pp pp = Pp.run("__FILE__ __LINE__\n#define HERE __LINE__\n\nHERE\n#define F(x) x\nF(\n__LINE__)\n");
    assertThat(pp.tokens()).isEqualTo("\"test.cu\" 1 4 6");
    assertThat(Pp.where(pp.spanOfOutput("4"))).isEqualTo("test.cu:4:1-4:5");
  }

  @Test
  void fileNameIsQuotedAsAStringLiteral() {
    Pp pp = Pp.run("dir\\a\"b.cu", "__FILE__\n", IncludeLoader.NONE);
    assertThat(pp.tokens()).isEqualTo("\"dir\\\\a\\\"b.cu\"");
  }

  @Test
  void pragmaOperatorVanishes() {
    Pp pp = Pp.run("#define UNROLL _Pragma(\"unroll\")\nUNROLL for (;;) {}\n_Pragma(\"once\") x _Pragma(1)\n");
    assertThat(pp.tokens()).isEqualTo("for ( ; ; ) { } x _Pragma )");
    assertThat(pp.errors()).containsExactly("_Pragma takes a parenthesized string literal");
  }

  @Test
  void predefinedMacrosCanBeRedefinedWithAWarning() {
    Pp pp = Pp.run("#define NULL 0\nNULL\n#undef __LINE__\n");
    assertThat(pp.tokens()).isEqualTo("0");
    assertThat(pp.warnings()).containsExactly("'NULL' redefined", "undefining '__LINE__'");
  }
}
