package org.scansim.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.timing.TimingPresets;

/**
 * Start-up work a command is about to need, done ahead on another core while picocli reads the
 * command line: a short command's second core is otherwise idle. For a command that simulates, the
 * architecture preset it names (hopper by default), with Jackson's first use, and the timing
 * parameters: about 0.1 to 0.15 s cold, and a one-block run ended about 10% sooner. For {@code
 * check}, a compilation of a small kernel of its own, which loads the front end's classes and
 * fills ANTLR's prediction cache (shared by every parser, and only a cache: it changes no parse).
 * A run does not get that one: its own compilation starts at once, and the two only competed.
 *
 * <p>Nothing it does changes a result: the presets are read-only records read once either way
 * (neither is read in a class initializer, so a failure to read them is no broken class for the
 * command's own thread), and its kernel is compiled into a result it drops. A failure here is
 * dropped too (the command meets the same problem on its own path and reports it there), and the
 * thread never keeps the process alive. Only a process's {@link Main#main} starts it, not the
 * commands tests call.
 */
final class WarmUp {
  private WarmUp() {}

  /** A kernel in the shape of the catalog's: shared memory, a loop, barriers, a branch, a helper. */
  static final String KERNEL = String.join("\n",
      "#define N 256",
      "__device__ float twice(float v) { return v + v; }",
      "__global__ void warm(float *out, const float *in, int n) {",
      "  __shared__ float s[N];",
      "  int t = threadIdx.x;",
      "  s[t] = (t < n) ? in[t] : 0.0f;",
      "  __syncthreads();",
      "  for (int d = 1; d < blockDim.x; d *= 2) {",
      "    float v = t >= d ? s[t - d] : 0.0f;",
      "    __syncthreads();",
      "    s[t] += v;",
      "    __syncthreads();",
      "  }",
      "  if (t < n) out[t] = twice(s[t]) * 0.5f;",
      "}",
      "void scan(float *out, const float *in, int n) {",
      "  warm<<<1, N>>>(out, in, n);",
      "}",
      "");

  /** Starts the work that {@code args}' command needs, if any, on a daemon thread. */
  static void start(String[] args) {
    Runnable work = work(args);
    if (work == null) {
      return;
    }
    Thread t = new Thread(() -> {
      try {
        work.run();
      } catch (Throwable dropped) {
        // the command's own path meets it and says so
      }
    }, "scansim-warm-up");
    t.setDaemon(true);
    t.start();
  }

  /** The work for {@code args}' command, or null for a command that compiles nothing. */
  static Runnable work(String[] args) {
    String command = args.length == 0 ? "" : args[0];
    return switch (command) {
      case "check" -> WarmUp::frontEnd;
      case "run", "grade", "sweep", "crosscheck", "circuit" -> () -> presets(archOf(args), !List.of(args).contains("--no-timing"));
      default -> null;
    };
  }

  /** The preset the line's {@code --arch} names, or hopper (the default) when it names none or a file. */
  static String archOf(String[] args) {
    for (int i = 1; i < args.length; i++) {
      String value = args[i].startsWith("--arch=") ? args[i].substring("--arch=".length())
          : args[i].equals("--arch") && i + 1 < args.length ? args[i + 1] : null;
      if (value != null && Architectures.presets().contains(value.toLowerCase(Locale.ROOT))) {
        return value.toLowerCase(Locale.ROOT);
      }
    }
    return "hopper";
  }

  private static void presets(String arch, boolean timing) {
    var a = Architectures.preset(arch);
    if (timing) {
      TimingPresets.of(a);
    }
  }

  /** Compiles {@link #KERNEL}; the result, which tests check, is otherwise dropped. */
  static Frontend.Result frontEnd() {
    return Frontend.compile(List.of(new SourceFile("warm-up.cu", KERNEL)), Map.of(), IncludeLoader.NONE);
  }
}
