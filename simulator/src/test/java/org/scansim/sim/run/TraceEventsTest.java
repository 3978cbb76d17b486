package org.scansim.sim.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Limits;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Fault;

/**
 * An observer hears the same events, in the same order, whether the engine runs its traces (which
 * report their instructions in runs, {@code issueRun}) or each instruction on its own: every
 * catalog kernel, its whole event log (each issue with its lanes, each memory request with its
 * cost, divergences, reconvergences, barriers, blocks) compared by digest.
 */
class TraceEventsTest {

  @ParameterizedTest(name = "{0}")
  @MethodSource("org.scansim.sim.run.Fingerprints#seedKernels")
  void anObserverHearsTheSameWithAndWithoutTraces(String file, String entry) {
    IrModule module = Fingerprints.seedModule(file);
    Log on = log(module, entry, true);
    Log off = log(module, entry, false);
    assertThat(on.issues).as(file + ": instructions heard").isEqualTo(off.issues);
    assertThat(on.digest()).as(file + ": the event log with traces against without").isEqualTo(off.digest());
  }

  /** The log hears something: Harris's scan, a million instructions and more, the same either way. */
  @org.junit.jupiter.api.Test
  void theLogHearsARun() {
    IrModule module = Fingerprints.seedModule("kernels/harris/scan_large_array.cu");
    Log on = log(module, "scan_large_array", true);
    Log off = log(module, "scan_large_array", false);
    assertThat(on.issues).isGreaterThan(1000).isEqualTo(off.issues);
    assertThat(on.events).isEqualTo(off.events);
  }

  private static Log log(IrModule module, String entry, boolean traces) {
    var arch = Architectures.preset("hopper");
    Limits limits = new Limits(arch.name(), 1024, 48 * 1024, 50_000_000L, 1L << 30, true);
    Simulation sim = new Simulation(module, new ArchMemoryModel(arch), limits);
    sim.setTraces(traces);
    Log log = new Log();
    sim.setObserver(log);
    int n = 1024;
    Simulation.Buffer in = sim.allocate("in", IrType.F32, n);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, n);
    for (int i = 0; i < n; i++) {
      in.setInput(i, i % 5);
    }
    try {
      sim.call(entry, new long[] {in.pointer(), out.pointer(), n});
    } catch (Fault f) {
      log.add("fault " + f.getMessage());
    }
    return log;
  }

  /** Every event, as text, into a digest (one thread: it gives no workers). */
  private static final class Log implements ExecutionObserver {
    private final MessageDigest sha;
    long issues;
    long events;

    Log() {
      try {
        sha = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new AssertionError(e);
      }
    }

    void add(String event) {
      events++;
      sha.update(event.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      sha.update((byte) '\n');
    }

    String digest() {
      return HexFormat.of().formatHex(sha.digest());
    }

    @Override
    public void launch(String kernel, long blocks, int threadsPerBlock) {
      add("launch " + kernel + " " + blocks + " " + threadsPerBlock);
    }

    @Override
    public void blockBegin(int block) {
      add("begin " + block);
    }

    @Override
    public void blockEnd(int block) {
      add("end " + block);
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      issues++;
      add("issue " + block + " " + warp + " " + insn.id() + " " + activeMask);
    }

    @Override
    public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
      add("shared " + block + " " + warp + " " + insn.id() + " " + store + " " + lanes + " " + wavefronts + " " + idealWavefronts);
    }

    @Override
    public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
      add("global " + block + " " + warp + " " + insn.id() + " " + store + " " + lanes + " " + sectors + " " + address);
    }

    @Override
    public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
      add("local " + block + " " + warp + " " + insn.id() + " " + store + " " + lanes);
    }

    @Override
    public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
      add("atomic " + block + " " + warp + " " + insn.id() + " " + lanes + " " + address + " " + changed);
    }

    @Override
    public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
      add("diverge " + block + " " + warp + " " + insn.id() + " " + activeMask + " " + taken);
    }

    @Override
    public void reconverge(int block, int warp, int mask) {
      add("reconverge " + block + " " + warp + " " + mask);
    }

    @Override
    public void barrier(int block, Insn insn) {
      add("barrier " + block + " " + insn.id());
    }
  }
}
