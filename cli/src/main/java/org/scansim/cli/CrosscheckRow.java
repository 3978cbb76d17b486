package org.scansim.cli;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.scansim.frontend.ir.IrType;
import org.scansim.hardware.GpuRun;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.run.ScanRun;

/**
 * One size of a crosscheck: both runs' launches and verdicts, how their outputs compare (and a
 * digest of the card's, so a replay without a GPU can compare the simulator's bit for bit), and,
 * where the tools were there, the counters and the sanitizer's findings beside the simulator's.
 *
 * @param counters       Nsight Compute's counters beside the simulator's, launch by launch; null when not measured
 * @param countersNote   why there are no counters, or null
 * @param sanitizer      compute-sanitizer's findings beside the checkers'; null without {@code --sanitizer}
 * @param timing         the card's cycles and time per launch over repeated runs ({@code --repeat}, {@code --cycles-only}); null when not measured
 * @param timingNote     why there is no timing where it was asked for, or null
 */
record CrosscheckRow(int n, List<String> simLaunches, List<String> gpuLaunches, boolean launchesEqual, Boolean simCorrect,
    Boolean gpuCorrect, boolean resultDefined, String outputs, boolean outputsEqual, List<String> differences, double gpuMillis,
    boolean faulted, String gpuOutputSha256, List<CrosscheckCounters.Launch> counters, String countersNote,
    CrosscheckSanitizer.Check sanitizer, List<CrosscheckTiming.Launch> timing, String timingNote) {

  /** Whether everything compared in this row is equal (an erratum's undefined outputs are not compared). */
  boolean agrees() {
    boolean counted = counters == null || counters.stream().flatMap(l -> l.metrics().stream()).noneMatch(CrosscheckCounters.Metric::differs);
    return launchesEqual && outputsEqual && counted && (sanitizer == null || sanitizer.allFound());
  }

  CrosscheckRow with(List<CrosscheckCounters.Launch> c, String note, CrosscheckSanitizer.Check s) {
    return new CrosscheckRow(n, simLaunches, gpuLaunches, launchesEqual, simCorrect, gpuCorrect, resultDefined, outputs, outputsEqual,
        differences, gpuMillis, faulted, gpuOutputSha256, c, note, s, timing, timingNote);
  }

  CrosscheckRow withTiming(List<CrosscheckTiming.Launch> t, String note) {
    return new CrosscheckRow(n, simLaunches, gpuLaunches, launchesEqual, simCorrect, gpuCorrect, resultDefined, outputs, outputsEqual,
        differences, gpuMillis, faulted, gpuOutputSha256, counters, countersNote, sanitizer, t, note);
  }

  static CrosscheckRow of(int n, IrType type, ScanRun.Outcome sim, byte[] simOut, GpuRun.Outcome gpu, boolean defined) {
    List<String> s = new ArrayList<>();
    for (LaunchRecord l : sim.launches()) {
      s.add(launch(l.kernel(), List.of((long) l.grid()[0], (long) l.grid()[1], (long) l.grid()[2]),
          List.of((long) l.block()[0], (long) l.block()[1], (long) l.block()[2]), l.dynamicSharedBytes()));
    }
    List<String> g = new ArrayList<>();
    double millis = 0;
    for (GpuRun.Launch l : gpu.launches()) {
      g.add(launch(l.kernel(), l.grid(), l.block(), l.dynamicSharedBytes()));
      millis += l.millis();
    }
    List<String> differences = new ArrayList<>();
    String outputs;
    boolean outputsEqual;
    boolean faulted = sim.fault() != null || gpu.fault() != null;
    if (faulted) {
      outputs = "not compared: " + (sim.fault() != null ? "the simulated run faulted (" + sim.fault().kind() + ")" : "")
          + (sim.fault() != null && gpu.fault() != null ? ", " : "")
          + (gpu.fault() != null ? "the GPU run faulted (" + gpu.fault().getMessage() + ")" : "");
      outputsEqual = sim.fault() != null && gpu.fault() != null;
    } else if (simOut == null || gpu.result() == null) {
      outputs = "not compared: an output could not be read";
      outputsEqual = false;
    } else {
      int size = type.size();
      Allocation a = wrap(simOut);
      Allocation b = wrap(gpu.result());
      long differ = 0;
      for (int i = 0; i < n; i++) {
        long x = a.load(type, i * size);
        long y = b.load(type, i * size);
        if (x != y) {
          if (differences.size() < 5) {
            differences.add("out[" + i + "]: simulator " + format(type, x) + ", GPU " + format(type, y));
          }
          differ++;
        }
      }
      if (!defined) {
        outputs = "not compared: the result is not defined at this size (the kernel's erratum); " + differ + " of " + n + " differ";
        outputsEqual = true;
      } else {
        outputs = differ == 0 ? "equal, bit for bit" : differ + " of " + n + " differ";
        outputsEqual = differ == 0;
      }
    }
    return new CrosscheckRow(n, s, g, s.equals(g), sim.correct(), gpu.correct(), defined, outputs, outputsEqual, differences, millis,
        faulted, gpu.result() == null ? null : sha256(gpu.result(), (long) n * type.size()), null, null, null, null, null);
  }

  /** The SHA-256 of the first {@code length} bytes, in hex. */
  static String sha256(byte[] bytes, long length) {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update(bytes, 0, (int) Math.min(length, bytes.length));
      return HexFormat.of().formatHex(d.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Allocation wrap(byte[] bytes) {
    Allocation a = new Allocation("out", Ptr.HOST, bytes.length, 0);
    System.arraycopy(bytes, 0, a.bytes, 0, bytes.length);
    return a;
  }

  private static String format(IrType t, long bits) {
    return switch (t) {
      case F32 -> Float.toString(Float.intBitsToFloat((int) bits)) + " (0x" + Integer.toHexString((int) bits) + ")";
      case F64 -> Double.toString(Double.longBitsToDouble(bits));
      case PRED, I8, U8, I16, U16, I32, U32, I64, U64, PTR -> Long.toString(bits);
    };
  }

  static String launch(String kernel, List<Long> grid, List<Long> block, long shared) {
    return kernel + "<<<" + grid.get(0) + "x" + grid.get(1) + "x" + grid.get(2) + ", " + block.get(0) + "x" + block.get(1) + "x" + block.get(2)
        + ", " + shared + ">>>";
  }
}
