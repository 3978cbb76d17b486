package org.scansim.hardware;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;
import org.scansim.threads.LargeStack;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.result.Fault;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.host.HostInterpreter;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.run.Inputs;
import org.scansim.sim.run.ScanRun;

/**
 * {@code scansim run --device gpu}: the kernel file's host entry run by the same host
 * interpreter as a simulated run, driving the first CUDA device instead of the simulated one, on
 * the same inputs ({@link Inputs}), with the output checked as a simulated run checks it.
 */
public final class GpuRun {
  private GpuRun() {}

  /** One launch as the card ran it: its configuration and its time between two CUDA events. */
  public record Launch(int index, String kernel, String launchSite, List<Long> grid, List<Long> block, long dynamicSharedBytes,
      double millis) {}

  /**
   * What happened on the card. {@code fault} is null when the run completed; {@code correct}
   * null without an expected scan. {@code output} is the host code's printf output (a kernel's
   * printf goes to the process's standard output, as CUDA prints it). With {@code runs} above 1
   * the host entry ran that many times on fresh copies of the input: {@code launches} holds every
   * run's launches in order, {@code result} is the first run's output, and a later run whose
   * output differs from it is one of the {@code mismatches}.
   */
  public record Outcome(String card, String arch, int driverVersion, String entry, String elementType, int n, List<Launch> launches,
      String output, Boolean correct, List<String> mismatches, Fault fault, byte[] result, int runs) {
    /** The launches of one run. */
    public List<Launch> launchesOfRun(int run) {
      int per = launches.size() / Math.max(1, runs);
      return launches.subList(run * per, (run + 1) * per);
    }
  }

  /** Throws, in one line, what a run on the card would lack: the driver, a device, nvcc. */
  public static void checkAvailable(Path nvccPath) throws GpuUnavailable {
    JCudaDevice.open();
    Nvcc.find(nvccPath);
  }

  /**
   * Runs {@code compiled} (the front end's result for {@code file} with {@code defines}) on the
   * card: nvcc compiles the same file with the same defines for the card's architecture.
   */
  public static Outcome run(Frontend.Result compiled, Path file, Map<String, String> defines, int n, String entryName,
      ScanRun.Expect expect, Path nvccPath) throws GpuUnavailable, ScanRun.UsageException {
    return run(compiled, file, defines, n, entryName, expect, nvccPath, 0);
  }

  /** As above, with host code stopped past {@code wallMillis} (0: no limit; a kernel on the card runs to its end). */
  public static Outcome run(Frontend.Result compiled, Path file, Map<String, String> defines, int n, String entryName,
      ScanRun.Expect expect, Path nvccPath, long wallMillis) throws GpuUnavailable, ScanRun.UsageException {
    return run(compiled, file, defines, n, entryName, expect, nvccPath, wallMillis, 1);
  }

  /** Most runs of one {@code --repeat}. */
  public static final int MAX_RUNS = 1000;

  /**
   * As above, the host entry run {@code runs} times in a row on the same module, each on a fresh
   * copy of the input (for the median of repeated launches: the first launch in a process runs
   * slower than the rest).
   */
  public static Outcome run(Frontend.Result compiled, Path file, Map<String, String> defines, int n, String entryName,
      ScanRun.Expect expect, Path nvccPath, long wallMillis, int runs) throws GpuUnavailable, ScanRun.UsageException {
    if (runs < 1 || runs > MAX_RUNS) {
      throw new ScanRun.UsageException("--repeat takes 1 to " + MAX_RUNS + " runs, not " + runs);
    }
    if (n < 1) {
      throw new ScanRun.UsageException("--n must be at least 1, not " + n);
    }
    Symbol.Function entry = ScanRun.entry(compiled, entryName);
    Type elem = ((Type.Pointer) entry.paramTypes().get(0)).pointee();
    IrType t = IrType.of(elem);
    long bytes = (long) n * t.size();
    if (bytes > Integer.MAX_VALUE - 64) {
      throw new ScanRun.UsageException("n = " + n + " is more than scansim holds in one host buffer");
    }
    JCudaDevice.Card card = JCudaDevice.open();
    Nvcc nvcc = Nvcc.find(nvccPath);
    byte[] cubin;
    Path dir = null;
    try {
      dir = Files.createTempDirectory("scansim-nvcc");
      cubin = nvcc.cubin(file, defines, card.major(), card.minor(), dir);
    } catch (IOException e) {
      throw new GpuUnavailable("nvcc could not be run: " + e.getMessage());
    } finally {
      Tools.deleteTree(dir);
    }
    try (JCudaDevice gpu = new JCudaDevice(card, cubin, compiled.ir())) {
      return onTheCard(gpu, card, compiled, entry, elem, t, bytes, n, expect, wallMillis, runs);
    } catch (jcuda.CudaException e) {
      throw new GpuUnavailable("the GPU failed: " + e.getMessage());
    }
  }

  private static Outcome onTheCard(JCudaDevice gpu, JCudaDevice.Card card, Frontend.Result compiled, Symbol.Function entry, Type elem,
      IrType t, long bytes, int n, ScanRun.Expect expect, long wallMillis, int runs) throws ScanRun.UsageException {
    long in = gpu.malloc("in", bytes, null);
    long out = gpu.malloc("out", bytes, null);
    if (in == 0 || out == 0) {
      throw new ScanRun.UsageException("n = " + n + " does not fit the GPU's memory");
    }
    Allocation host = new Allocation("in", Ptr.HOST, (int) bytes, 0);
    long bound = Inputs.bound(n);
    for (int i = 0; i < n; i++) {
      host.store(t, i * t.size(), Alu.fromDouble(t, Inputs.element(i, bound)));
    }
    StringBuilder printed = new StringBuilder();
    Deadline deadline = new Deadline();
    if (wallMillis > 0) {
      deadline.set(System.nanoTime() + wallMillis * 1_000_000L);
    }
    HostInterpreter interpreter = new HostInterpreter(compiled.ir(), gpu, 1L << 31, deadline, printed);
    Boolean correct = null;
    List<String> mismatches = new java.util.ArrayList<>();
    byte[] first = null;
    Fault fault = null;
    int done = 0;
    int perRun = 0;
    for (int run = 0; run < runs && fault == null; run++) {
      gpu.copyToDevice(in, host, 0, bytes, null);
      gpu.memset(out, 0xFF, bytes, null); // uninitialised, as the simulated device leaves it
      Fault[] f = new Fault[1];
      LargeStack.run(() -> {
        try {
          gpu.bindToThisThread();
          interpreter.call(entry.name(), new long[] {in, out, n}, null);
        } catch (Fault x) {
          f[0] = x.normalExit() ? null : x;
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
          f[0] = new Fault(org.scansim.sim.result.Kind.INTERNAL, null, "the run on the GPU stopped: " + e);
        }
      });
      fault = f[0];
      if (fault != null) {
        break;
      }
      done++;
      if (run == 0) {
        perRun = gpu.launches().size();
      }
      gpu.synchronize(null);
      Allocation result = new Allocation("out", Ptr.HOST, (int) bytes, 0);
      gpu.copyToHost(result, 0, out, bytes, null);
      if (first == null) {
        first = result.bytes;
        if (expect != null) {
          mismatches.addAll(mismatches(result, t, n, expect));
          correct = mismatches.isEmpty();
        }
      } else if (!java.util.Arrays.equals(first, result.bytes)) {
        // A later run's output differs (a race): wrong when it fails the expected scan.
        if (mismatches.size() < 10) {
          mismatches.add("run " + (run + 1) + " of " + runs + ": the output differs from the first run's");
        }
        if (expect != null && !mismatches(result, t, n, expect).isEmpty()) {
          correct = false;
        }
      }
    }
    // The launches of the runs that completed (a run that faulted is reported by its fault).
    List<Launch> launches = fault == null || done == 0 ? List.copyOf(gpu.launches()) : List.copyOf(gpu.launches().subList(0, done * perRun));
    return new Outcome(card.name(), card.arch(), card.driverVersion(), entry.name(), elem.spelling(), n, launches,
        printed.toString(), correct, List.copyOf(mismatches), fault, fault == null ? first : null, Math.max(1, done));
  }

  /** Where the output differs from the expected scan of the inputs (empty: it is that scan). */
  private static List<String> mismatches(Allocation result, IrType t, int n, ScanRun.Expect expect) {
    return ScanRun.mismatches(i -> Alu.toDouble(t, result.load(t, i * t.size())), n, expect == ScanRun.Expect.EXCLUSIVE,
        Runtime.getRuntime().availableProcessors());
  }
}
