package org.scansim.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.Imm;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Reg;

/**
 * The seeds' errata survive into the IR exactly as a C compiler would build them, checked against
 * expectations derived by hand from C's precedence rules (C11 §6.5.6 binds {@code +} tighter than
 * §6.5.7's {@code >>}).
 */
class SeedErrataIrTest {

  /**
   * Listing 3 as printed with ZERO_BANK_CONFLICTS: {@code ((n) >> NUM_BANKS + (n) >> (2 *
   * LOG_NUM_BANKS))} parses as {@code (n >> (16 + n)) >> 8}, not the intended {@code (n >> 4) + (n
   * >> 8)}.
   */
  @Test
  void conflictFreeOffsetAsPrintedShiftsBySixteenPlusN() {
    IrFunction prescan = kernel("kernels/harris/conflict_free_as_printed.cu", Map.of("ZERO_BANK_CONFLICTS", "1"));
    List<Insn> entry = prescan.entry().insns();
    Reg ai = entry.stream().map(Insn::dst).filter(r -> r != null && "ai".equals(r.name())).findFirst().orElseThrow();
    int k = indexOf(entry, i -> i.op() == Op.ADD && i.arg(0).equals(Imm.ofLong(ai.type(), 16)) && i.arg(1).equals(ai));
    Insn sum = entry.get(k);
    Insn inner = entry.get(k + 1);
    Insn outer = entry.get(k + 2);
    assertThat(inner.op()).isEqualTo(Op.SHR);
    assertThat(inner.args()).containsExactly(ai, sum.dst());
    assertThat(outer.op()).isEqualTo(Op.SHR);
    assertThat(outer.args()).containsExactly(inner.dst(), Imm.ofLong(ai.type(), 8));
    assertThat(sum.span().macro().macroName()).isEqualTo("CONFLICT_FREE_OFFSET");
  }

  /** The corrected macro is a single shift by LOG_NUM_BANKS (5 by default, for 32 banks). */
  @Test
  void correctedOffsetIsOneShift() {
    IrFunction prescan = kernel("kernels/harris/conflict_free.cu", Map.of());
    List<Insn> all = prescan.blocks().stream().flatMap(b -> b.insns().stream()).toList();
    assertThat(all).anySatisfy(i -> {
      assertThat(i.op()).isEqualTo(Op.SHR);
      assertThat(i.arg(1)).isEqualTo(Imm.ofLong(i.type(), 5));
      assertThat(i.span().macro().macroName()).isEqualTo("CONFLICT_FREE_OFFSET");
    });
  }

  private static int indexOf(List<Insn> insns, java.util.function.Predicate<Insn> p) {
    for (int i = 0; i < insns.size(); i++) {
      if (p.test(insns.get(i))) {
        return i;
      }
    }
    throw new AssertionError("instruction not found");
  }

  private static IrFunction kernel(String rel, Map<String, String> defines) {
    Frontend.Result r = Frontend.compileFile(KernelFiles.repositoryRoot().resolve(rel), defines);
    assertThat(r.ok()).isTrue();
    return r.ir().functions().stream().filter(IrFunction::isKernel).findFirst().orElseThrow();
  }

}
