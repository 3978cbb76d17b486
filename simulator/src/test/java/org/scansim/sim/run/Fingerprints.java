package org.scansim.sim.run;

import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.MemoryModel;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.arch.Architectures;

/** What a user can see of a run, as one string: for tests that an engine setting changes none of it. */
public final class Fingerprints {
  private Fingerprints() {}

  /**
   * Every kernel file of the repository's catalog, with its entry (named as the file): the
   * arguments of the tests that compare a setting's fingerprints on and off.
   */
  public static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> seedKernels() throws java.io.IOException {
    java.util.List<org.junit.jupiter.params.provider.Arguments> out = new java.util.ArrayList<>();
    java.nio.file.Path root = SeedKernelsRunTest.root();
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(root.resolve("kernels"))) {
      for (java.nio.file.Path p : files.filter(f -> f.toString().endsWith(".cu") && !f.toString().contains("/src/")
          && !f.toString().contains("/target/")).sorted().toList()) {
        String name = p.getFileName().toString().replace(".cu", "");
        out.add(org.junit.jupiter.params.provider.Arguments.of(root.relativize(p).toString(), name));
      }
    }
    return out.stream();
  }

  /** The IR of a catalog kernel file ({@link #seedKernels}), which must compile without errors. */
  public static IrModule seedModule(String file) {
    org.scansim.frontend.Frontend.Result r = org.scansim.frontend.Frontend.compileFile(SeedKernelsRunTest.root().resolve(file),
        java.util.Map.of());
    org.assertj.core.api.Assertions.assertThat(r.ok()).as(file).isTrue();
    return r.ir();
  }

  /**
   * Output, printf text, the checkers' findings, every counter of every launch, site and phase,
   * and the fault if any, of
   * {@code entry(in, out, n)} on hopper (independent thread scheduling) or fermi, with the
   * simulation configured by {@code setting}.
   */
  /** Runs with traces on or off ({@link Simulation}'s switch for tests). */
  public static Consumer<Simulation> traces(boolean on) {
    return sim -> sim.setTraces(on);
  }

  /** Runs with uniform registers on or off. */
  public static Consumer<Simulation> uniformRegisters(boolean on) {
    return sim -> sim.setUniformRegisters(on);
  }

  /** Runs with register packing on or off. */
  public static Consumer<Simulation> registerPacking(boolean on) {
    return sim -> sim.setRegisterPacking(on);
  }

  public static String of(IrModule module, String entry, int n, boolean its, Consumer<Simulation> setting) {
    return of(module, entry, n, its ? "hopper" : "fermi", m -> m, setting);
  }

  /**
   * A memory model that counts every access with the full bank and sector models, without the
   * conflict-free, broadcast and contiguous shortcuts the architecture's model offers the engine.
   */
  public static MemoryModel withoutShortcuts(MemoryModel m) {
    return new MemoryModel() {
      @Override
      public void shared(int[] byteAddr, int mask, int widthBytes, boolean store, int[] out, long[] histogram) {
        m.shared(byteAddr, mask, widthBytes, store, out, histogram);
      }

      @Override
      public int sectors(long[] byteAddr, int mask, int widthBytes) {
        return m.sectors(byteAddr, mask, widthBytes);
      }

      @Override
      public MemoryModel copy() {
        return withoutShortcuts(m.copy());
      }
    };
  }

  /** The same on any preset, its memory model wrapped by {@code model}. */
  public static String of(IrModule module, String entry, int n, String preset, UnaryOperator<MemoryModel> model,
      Consumer<Simulation> setting) {
    var arch = Architectures.preset(preset);
    boolean its = arch.independentThreadScheduling();
    Limits limits = new Limits(arch.name(), 1024, 48 * 1024, 50_000_000L, 1L << 30, its);
    Simulation sim = new Simulation(module, model.apply(new ArchMemoryModel(arch)), limits);
    setting.accept(sim);
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i % 5);
    }
    StringBuilder s = new StringBuilder();
    try {
      sim.call(entry, new long[] {in.pointer(), out.pointer(), n});
    } catch (Fault f) {
      s.append("fault ").append(f.getMessage()).append('\n');
    }
    for (int i = 0; i < n; i++) {
      s.append(out.get(i)).append(' ');
    }
    s.append('\n').append(sim.output());
    for (var f : sim.findings()) { // with checkers on
      s.append(f).append('\n');
    }
    for (LaunchRecord l : sim.launches()) {
      s.append(l.kernel()).append(counters(l.counters())).append('\n');
      for (LaunchRecord.Site site : l.sites()) {
        s.append(site.span()).append(counters(site.counters())).append('\n');
      }
      for (Counters p : l.phases()) {
        s.append(counters(p)).append('\n');
      }
      s.append(l.warnings()).append('\n');
    }
    return s.toString();
  }

  private static String counters(Counters c) {
    StringBuilder s = new StringBuilder();
    for (var f : Counters.class.getFields()) {
      try {
        Object v = f.get(c);
        s.append(' ').append(f.getName()).append('=').append(v instanceof long[] a ? Arrays.toString(a) : v);
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
    }
    return s.toString();
  }
}
