package org.scansim.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A kernel's symbol in a cubin nvcc made (the resource's README says how), found by the kernel's name. */
class CubinSymbolsTest {
  private static byte[] cubin() throws Exception {
    try (InputStream in = CubinSymbolsTest.class.getResourceAsStream("blelloch-sm90.cubin")) {
      return in.readAllBytes();
    }
  }

  @Test
  void theKernelIsItsMangledFunctionSymbol() throws Exception {
    List<String> functions = CubinSymbols.functions(cubin());
    // As cuobjdump -symbols lists it: prescan(float *, float *, int).
    assertThat(functions).contains("_Z7prescanPfS_i");
    assertThat(CubinSymbols.symbolOf(functions, "prescan")).isEqualTo("_Z7prescanPfS_i");
    assertThat(CubinSymbols.symbolOf(functions, "prescan2")).isNull();
    assertThat(CubinSymbols.symbolOf(functions, "pre")).isNull();
  }

  @Test
  void namesAreMatchedWholeAndExternCNamesAsTheyAre() {
    List<String> symbols = List.of("_Z3addPfi", "_Z4add2Pf", "scan_c");
    assertThat(CubinSymbols.symbolOf(symbols, "add")).isEqualTo("_Z3addPfi");
    assertThat(CubinSymbols.symbolOf(symbols, "add2")).isEqualTo("_Z4add2Pf");
    assertThat(CubinSymbols.symbolOf(symbols, "scan_c")).isEqualTo("scan_c");
    // "_Z1a..." must not match a name of length 10 or more that starts with the digit 1.
    assertThat(CubinSymbols.symbolOf(List.of("_Z10abcdefghijPf"), "a")).isNull();
  }

  @Test
  void aTemplateInstanceIsFoundByItsArguments() {
    // As nvcc 13.0 named the instances of examples/real-world/templates.cu (cuobjdump -symbols).
    List<String> symbols = List.of("_Z10scan_blockILi512EfEvPKT0_PS0_i", "_Z10scan_blockILi256EfEvPKT0_PS0_i",
        "_ZN7scanlib4fillILj4EPKdEEvT0_", "_Z4stepILin3EEvPf");
    assertThat(CubinSymbols.symbolOf(symbols, "scan_block<256, float>")).isEqualTo("_Z10scan_blockILi256EfEvPKT0_PS0_i");
    assertThat(CubinSymbols.symbolOf(symbols, "scan_block<512, float>")).isEqualTo("_Z10scan_blockILi512EfEvPKT0_PS0_i");
    assertThat(CubinSymbols.symbolOf(symbols, "scan_block<1024, float>")).isNull();
    assertThat(CubinSymbols.symbolOf(symbols, "scan_block<256, double>")).isNull();
    assertThat(CubinSymbols.symbolOf(symbols, "scanlib::fill<4, const double *>")).isEqualTo("_ZN7scanlib4fillILj4EPKdEEvT0_");
    assertThat(CubinSymbols.symbolOf(symbols, "step<-3>")).isEqualTo("_Z4stepILin3EEvPf");
  }

  @Test
  void aKernelOfANamespaceIsItsNestedName() {
    // As the Itanium ABI mangles scanlib::inclusive_scan(const float *, float *, int).
    List<String> symbols = List.of("_ZN7scanlib14inclusive_scanEPKfPfi", "_ZN7scanlib6detail7combineEff", "_Z14inclusive_scanPKfPfi");
    assertThat(CubinSymbols.symbolOf(symbols, "scanlib::inclusive_scan")).isEqualTo("_ZN7scanlib14inclusive_scanEPKfPfi");
    assertThat(CubinSymbols.symbolOf(symbols, "scanlib::detail::combine")).isEqualTo("_ZN7scanlib6detail7combineEff");
    assertThat(CubinSymbols.symbolOf(symbols, "inclusive_scan")).isEqualTo("_Z14inclusive_scanPKfPfi");
    assertThat(CubinSymbols.symbolOf(symbols, "other::inclusive_scan")).isNull();
  }

  @Test
  void somethingElseIsNotACubin() {
    assertThatThrownBy(() -> CubinSymbols.functions(new byte[100])).isInstanceOf(IllegalArgumentException.class);
  }
}
