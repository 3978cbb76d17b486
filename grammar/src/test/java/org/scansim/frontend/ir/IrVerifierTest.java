package org.scansim.frontend.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.Cmp;
import org.scansim.frontend.sema.Space;

/**
 * The verifier accepts the IR of every kernel of the catalog (and of each {@code //
 * nvcc-variant:} configuration), and rejects hand-broken IR with a message naming the function,
 * the block and the instruction: the check can fail.
 */
class IrVerifierTest {
  private static final Span S = new SourceFile("t.cu", "x\n").span(0, 1);

  // ---- (a) every real kernel lowers to valid IR ----

  @TestFactory
  Stream<DynamicTest> everyCatalogKernelLowersToValidIr() {
    List<DynamicTest> tests = new ArrayList<>();
    Path root = repositoryRoot();
    for (Path file : kernelFiles(root)) {
      for (Map<String, String> defines : variants(file)) {
        String name = root.relativize(file) + (defines.isEmpty() ? "" : " " + defines);
        tests.add(
            DynamicTest.dynamicTest(
                name,
                () -> {
                  Frontend.Result r = Frontend.compileFile(file, defines);
                  assertThat(r.ok()).as(name + ": " + r.diagnostics().all()).isTrue();
                  assertThat(IrVerifier.verify(r.ir())).as(name).isEmpty();
                  assertThat(IrPrinter.print(r.ir())).isNotEmpty();
                }));
      }
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(10);
    return tests.stream();
  }

  static Path repositoryRoot() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isDirectory(p.resolve("grammar"))) {
        return p;
      }
    }
    throw new IllegalStateException("repository root (with kernels/ and grammar/) not found");
  }

  private static List<Path> kernelFiles(Path root) {
    Path kernels = root.resolve("kernels");
    try (Stream<Path> files = Files.walk(kernels)) {
      return files
          .filter(p -> p.toString().endsWith(".cu"))
          .filter(p -> !kernels.relativize(p).startsWith("target") && !kernels.relativize(p).startsWith("src"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The default configuration plus one per {@code // nvcc-variant: -DNAME[=VALUE]...} line. */
  private static List<Map<String, String>> variants(Path file) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(Map.of());
    try {
      for (String line : Files.readAllLines(file)) {
        String t = line.trim();
        if (t.startsWith("// nvcc-variant:")) {
          Map<String, String> d = new LinkedHashMap<>();
          for (String opt : t.substring("// nvcc-variant:".length()).trim().split("\\s+")) {
            if (opt.startsWith("-D")) {
              String body = opt.substring(2);
              int eq = body.indexOf('=');
              d.put(eq < 0 ? body : body.substring(0, eq), eq < 0 ? null : body.substring(eq + 1));
            }
          }
          out.add(d);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * Random single corruptions of real kernels' IR (a wrong operand type, a foreign destination, a
   * branch out of the function, code after a terminator, a CBR on a non-predicate) are each
   * reported, and the verifier never throws on them.
   */
  @Test
  void corruptedKernelIrIsAlwaysRejected() {
    java.util.Random random = new java.util.Random(42);
    Path root = repositoryRoot();
    int corrupted = 0;
    for (Path file : kernelFiles(root)) {
      for (int round = 0; round < 8; round++) {
        Frontend.Result r = Frontend.compileFile(file, Map.of());
        assertThat(r.ok()).isTrue();
        List<Insn> all = new ArrayList<>();
        List<Block> owners = new ArrayList<>();
        for (IrFunction f : r.ir().functions()) {
          for (Block b : f.blocks()) {
            for (Insn i : b.insns()) {
              all.add(i);
              owners.add(b);
            }
          }
        }
        int k = random.nextInt(all.size());
        Insn victim = all.get(k);
        String what;
        switch (round % 5) {
          case 0 -> {
            if (victim.args().isEmpty() || victim.op() == Op.CVT || victim.op() == Op.PRINTF) {
              continue;
            }
            List<Operand> args = new ArrayList<>(victim.args());
            int a = random.nextInt(args.size());
            IrType other = args.get(a).type() == IrType.F64 ? IrType.I8 : IrType.F64;
            args.set(a, other == IrType.F64 ? Imm.ofDouble(other, 1) : Imm.ofLong(other, 1));
            victim.args(args);
            what = "operand of the wrong type";
          }
          case 1 -> {
            if (victim.dst() == null) {
              continue;
            }
            victim.dst(new Reg(victim.dst().id(), victim.dst().type(), "stranger"));
            what = "foreign destination";
          }
          case 2 -> {
            Block b = owners.get(k);
            if (b.terminator().op() == Op.RET) {
              continue;
            }
            Block outside = new Block(0, "outside");
            outside.add(insn(Op.RET, null));
            b.terminator().target(outside).elseTarget(outside);
            what = "branch out of the function";
          }
          case 3 -> {
            Block b = owners.get(k);
            b.add(insn(Op.BAR, null));
            what = "code after the terminator";
          }
          default -> {
            Insn t = owners.get(k).terminator();
            if (t.op() != Op.CBR) {
              continue;
            }
            t.args(i32(1));
            what = "cbr on an i32";
          }
        }
        corrupted++;
        assertThat(IrVerifier.verify(r.ir())).as(file.getFileName() + ": " + what + " at " + IrVerifier.text(victim)).isNotEmpty();
      }
    }
    assertThat(corrupted).isGreaterThan(60);
  }

  // ---- (b) hand-broken IR is caught ----

  private static Insn insn(Op op, IrType type) {
    return new Insn(op, type, S);
  }

  private static Imm i32(long v) {
    return Imm.ofLong(IrType.I32, v);
  }

  private static IrModule module(IrFunction... fs) {
    return new IrModule(List.of(), List.of(fs));
  }

  /** {@code __device__ int f(int a) { return a + 1; }} */
  private static IrModule valid() {
    Reg a = new Reg(0, IrType.I32, "a");
    Reg t = new Reg(1, IrType.I32, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.ADD, IrType.I32).dst(t).args(a, i32(1)));
    entry.add(insn(Op.RET, IrType.I32).args(t));
    return module(new IrFunction("f", Space.DEVICE, List.of(a), IrType.I32, List.of(a, t), List.of(), List.of(entry), S));
  }

  @Test
  void aTinyValidFunctionHasNoProblems() {
    assertThat(IrVerifier.verify(valid())).isEmpty();
  }

  @Test
  void aBlockWithoutTerminator() {
    Reg a = new Reg(0, IrType.I32, "a");
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.MOV, IrType.I32).dst(a).args(i32(1)));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(), null, List.of(a), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m))
        .containsExactly("@f bb0.entry #0 `%a.0 = mov.i32 1` (1:1): block does not end in a terminator (br, cbr, ret)");
  }

  @Test
  void aTerminatorBeforeTheEndAndAnEmptyBlock() {
    Block entry = new Block(0, "entry");
    Block empty = new Block(1, "empty");
    entry.add(insn(Op.BR, null).target(empty));
    entry.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(), null, List.of(), List.of(), List.of(entry, empty), S));
    assertThat(IrVerifier.verify(m))
        .contains("@f bb0.entry #0 `br bb1.empty` (1:1): terminator before the end of the block", "@f bb1.empty: block is empty");
  }

  @Test
  void anOperandOfTheWrongType() {
    Reg a = new Reg(0, IrType.I32, "a");
    Reg t = new Reg(1, IrType.I32, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.ADD, IrType.I32).dst(t).args(a, Imm.ofDouble(IrType.F32, 1.5)));
    entry.add(insn(Op.RET, IrType.I32).args(t));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(a), IrType.I32, List.of(a, t), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m))
        .containsExactly("@f bb0.entry #0 `%1 = add.i32 %a.0, 1.5f` (1:1): operand 2 (1.5f) has type f32, expected i32");
  }

  @Test
  void aDestinationOfTheWrongTypeAndASetpWithoutPredicate() {
    Reg a = new Reg(0, IrType.I32, "a");
    Reg t = new Reg(1, IrType.I32, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.SETP, IrType.I32).cmp(Cmp.LT).dst(t).args(a, i32(3)));
    entry.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(a), null, List.of(a, t), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m)).singleElement().asString().contains("destination %1 has type i32, expected pred");
  }

  @Test
  void aRegisterOfAnotherFunctionAndATemporaryNeverWritten() {
    Reg a = new Reg(0, IrType.I32, "a");
    Reg stranger = new Reg(0, IrType.I32, "a"); // equal, but not this function's register object
    Reg never = new Reg(1, IrType.I32, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.RET, IrType.I32).args(stranger));
    Block other = new Block(0, "entry");
    other.add(insn(Op.RET, IrType.I32).args(never));
    IrModule m = module(
        new IrFunction("f", Space.DEVICE, List.of(a), IrType.I32, List.of(a), List.of(), List.of(entry), S),
        new IrFunction("g", Space.DEVICE, List.of(), IrType.I32, List.of(a, never), List.of(), List.of(other), S));
    List<String> problems = IrVerifier.verify(m);
    assertThat(problems).anyMatch(p -> p.startsWith("@f bb0.entry #0 `ret.i32 %a.0`") && p.endsWith("operand 1 %a.0 is not a register of this function"));
    assertThat(problems).anyMatch(p -> p.startsWith("@g") && p.endsWith("temporary %1 is read but never written"));
  }

  @Test
  void aBranchIntoAnotherFunction() {
    Block foreign = new Block(0, "entry");
    foreign.add(insn(Op.RET, null));
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.BR, null).target(foreign));
    IrModule m = module(
        new IrFunction("f", Space.DEVICE, List.of(), null, List.of(), List.of(), List.of(entry), S),
        new IrFunction("g", Space.DEVICE, List.of(), null, List.of(), List.of(), List.of(foreign), S));
    assertThat(IrVerifier.verify(m)).containsExactly("@f bb0.entry #0 `br bb0.entry` (1:1): branch target bb0.entry is not a block of this function");
  }

  /** if (p) { } else { } return;  as  entry -> then | else -> join. */
  private static IrModule diamond(java.util.function.Function<List<Block>, Block> reconverge) {
    Reg p = new Reg(0, IrType.PRED, "p");
    Block entry = new Block(0, "entry");
    Block then = new Block(1, "if.then");
    Block els = new Block(2, "if.else");
    Block join = new Block(3, "if.end");
    List<Block> blocks = List.of(entry, then, els, join);
    Insn cbr = insn(Op.CBR, IrType.PRED).args(p).target(then).elseTarget(els);
    entry.add(cbr);
    then.add(insn(Op.BR, null).target(join));
    els.add(insn(Op.BR, null).target(join));
    join.add(insn(Op.RET, null));
    cbr.reconverge(reconverge.apply(blocks));
    return module(new IrFunction("f", Space.DEVICE, List.of(p), null, List.of(p), List.of(), blocks, S));
  }

  @Test
  void reconvergenceIsTheImmediatePostDominator() {
    assertThat(IrVerifier.verify(diamond(b -> b.get(3)))).isEmpty();
    assertThat(IrVerifier.verify(diamond(b -> b.get(1))))
        .containsExactly("@f bb0.entry #0 `cbr %p.0, bb1.if.then, bb2.if.else ; reconverge bb1.if.then` (1:1): "
            + "reconvergence block bb1.if.then does not post-dominate bb0.entry");
    assertThat(IrVerifier.verify(diamond(b -> null)))
        .singleElement().asString().endsWith("reconvergence block is exit, but the immediate post-dominator of bb0.entry is bb3.if.end");
  }

  @Test
  void returnsMustMatchTheFunction() {
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.RET, null));
    IrModule noValue = module(new IrFunction("f", Space.DEVICE, List.of(), IrType.I32, List.of(), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(noValue)).containsExactly("@f bb0.entry #0 `ret` (1:1): has 0 operand(s), expected 1");
    Block entry2 = new Block(0, "entry");
    entry2.add(insn(Op.RET, IrType.I32).args(i32(0)));
    IrModule value = module(new IrFunction("g", Space.DEVICE, List.of(), null, List.of(), List.of(), List.of(entry2), S));
    assertThat(IrVerifier.verify(value)).containsExactly("@g bb0.entry #0 `ret.i32 0` (1:1): ret with a value in a function returning void");
  }

  @Test
  void callsAndLaunchesNeedTheRightCallee() {
    Reg n = new Reg(0, IrType.I32, "n");
    Block kb = new Block(0, "entry");
    kb.add(insn(Op.RET, null));
    IrFunction kernel = new IrFunction("k", Space.GLOBAL, List.of(n), null, List.of(n), List.of(), List.of(kb), S);
    Imm one = Imm.ofLong(IrType.U32, 1);
    Block hb = new Block(0, "entry");
    hb.add(insn(Op.LAUNCH, null).callee("k").args(one, one, one, one, one, one, Imm.ofLong(IrType.U64, 0))); // no argument for n
    hb.add(insn(Op.LAUNCH, null).callee("h").args(one, one, one, one, one, one, Imm.ofLong(IrType.U64, 0)));
    hb.add(insn(Op.CALL, null).callee("k").args(i32(1)));
    hb.add(insn(Op.CALL, null).callee("nowhere"));
    hb.add(insn(Op.RET, null));
    IrFunction host = new IrFunction("h", Space.HOST, List.of(), null, List.of(), List.of(), List.of(hb), S);
    assertThat(IrVerifier.verify(module(kernel, host)))
        .anyMatch(p -> p.contains("#0 `launch @k") && p.endsWith("has 7 operand(s), expected 8"))
        .anyMatch(p -> p.contains("#1 `launch @h") && p.endsWith("launch of @h, which is not a kernel"))
        .anyMatch(p -> p.contains("#2 `call @k(1)`") && p.endsWith("call of kernel @k (kernels are launched)"))
        .anyMatch(p -> p.contains("#3 `call @nowhere()`") && p.endsWith("call of @nowhere, which is not a function of the module"));
  }

  @Test
  void addressesNameKnownMemoryInItsSpace() {
    Reg p = new Reg(0, IrType.PTR, null);
    Reg q = new Reg(1, IrType.PTR, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.ADDR, IrType.PTR).dst(p).symbol("missing").space(MemSpace.SHARED));
    entry.add(insn(Op.ADDR, IrType.PTR).dst(q).symbol("s").space(MemSpace.GLOBAL));
    entry.add(insn(Op.RET, null));
    MemoryVar s = new MemoryVar("s", MemSpace.SHARED, IrType.F32, 32, null, S);
    IrModule m = module(new IrFunction("k", Space.GLOBAL, List.of(), null, List.of(p, q), List.of(s), List.of(entry), S));
    assertThat(IrVerifier.verify(m))
        .containsExactly(
            "@k bb0.entry #0 `%0 = addr.shared @missing` (1:1): @missing is not a memory variable of the function or the module",
            "@k bb0.entry #1 `%1 = addr.global @s` (1:1): addr space global is not the space of @s (shared)");
  }

  @Test
  void immediatesMustBeNormalised() {
    Reg t = new Reg(0, IrType.U32, null);
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.MOV, IrType.U32).dst(t).args(Imm.ofLong(IrType.U32, -1))); // not zero-extended
    entry.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(), null, List.of(t), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m)).singleElement().asString().endsWith("operand 1 is not a normalised u32 immediate (bits 0xffffffffffffffff)");
  }

  @Test
  void blockIdsAreDenseAndEveryBlockIsReachable() {
    Block entry = new Block(0, "entry");
    Block lost = new Block(5, "lost");
    entry.add(insn(Op.RET, null));
    lost.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("f", Space.DEVICE, List.of(), null, List.of(), List.of(), List.of(entry, lost), S));
    assertThat(IrVerifier.verify(m)).containsExactly("@f bb5.lost: block at position 1 has id 5", "@f bb5.lost: block is unreachable from the entry");
  }

  @Test
  void deviceOperationsStayOnTheDevice() {
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.BAR, null));
    entry.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("h", Space.HOST, List.of(), null, List.of(), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m)).containsExactly("@h bb0.entry #0 `bar.sync` (1:1): bar in a host function");
  }

  @Test
  void unprintableInstructionsAreStillReported() {
    Block entry = new Block(0, "entry");
    entry.add(insn(Op.LAUNCH, null).callee("k")); // the printer needs 7 operands
    entry.add(insn(Op.RET, null));
    IrModule m = module(new IrFunction("h", Space.HOST, List.of(), null, List.of(), List.of(), List.of(entry), S));
    assertThat(IrVerifier.verify(m)).singleElement().asString().contains("LAUNCH [] <unprintable>").endsWith("launch of @k, which is not a function of the module");
  }
}
