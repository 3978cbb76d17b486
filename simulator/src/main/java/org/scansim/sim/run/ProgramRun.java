package org.scansim.sim.run;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ast.Decl;
import org.scansim.threads.LargeStack;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;
import org.scansim.sim.check.Finding;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.result.LaunchRecord;

/**
 * One run of a whole program: its {@code main}, with the arguments a command line gives it, as
 * the program would run on a GPU machine. What it prints is the run's output, what {@code main}
 * returns (or passes to {@code exit}) its status; every launch it makes is counted, checked and
 * timed as an entry's are. There is no input or output buffer of scansim's: the program checks
 * its own results, if it does, and says so in what it prints.
 */
public final class ProgramRun {
  private ProgramRun() {}

  /** The file's {@code main}, or null when it has none. */
  public static Symbol.Function main(Frontend.Result compiled) {
    for (Decl d : compiled.ast().decls()) {
      if (d instanceof Decl.Function f && f.body() != null) {
        Symbol.Function s = compiled.sema().functionOf(f);
        if (s.sourceName().equals("main") && s.space() == Space.HOST) {
          return s;
        }
      }
    }
    return null;
  }

  /**
   * Runs {@code main} of {@code compiled} with {@code argv} ({@code argv.get(0)} the program's
   * name), under the request's architecture, checkers, schedules and budgets ({@code n},
   * {@code expect} and {@code op} are not used: the program has its own data).
   *
   * @throws ScanRun.UsageException when the file has no {@code main} of a form C++ allows
   */
  public static ScanRun.Outcome run(Frontend.Result compiled, ScanRun.Request req, List<String> argv) throws ScanRun.UsageException {
    return run(compiled, req, argv, Io.NONE);
  }

  /**
   * What a program reads: files of {@code folder} (null: none; never a file outside it) and
   * standard input's bytes, read once for every schedule (null: empty).
   */
  public record Io(java.nio.file.Path folder, java.util.function.Supplier<byte[]> stdin) {
    public static final Io NONE = new Io(null, null);
  }

  /** As {@link #run(Frontend.Result, ScanRun.Request, List)}, the program reading what {@code io} gives it. */
  public static ScanRun.Outcome run(Frontend.Result compiled, ScanRun.Request req, List<String> argv, Io io) throws ScanRun.UsageException {
    Symbol.Function main = main(compiled);
    if (main == null) {
      throw new ScanRun.UsageException(compiled.file().name() + " has no main()");
    }
    int params = params(main);
    ScanRun.Options o = req.options();
    int schedules = Math.max(1, o.schedules());
    long deadline = o.wallMillis() > 0 ? System.nanoTime() + o.wallMillis() * 1_000_000L : 0;
    Single first = null;
    org.scansim.sim.check.Findings merged = new org.scansim.sim.check.Findings();
    List<String> differences = new ArrayList<>();
    for (int k = 0; k < schedules; k++) {
      long seed = k == 0 ? req.seed() : req.seed() * 31 + k;
      long left = deadline == 0 ? 0 : Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
      Single one;
      try {
        one = once(compiled, req, main.name(), params, argv, seed, left, io);
      } catch (org.scansim.sim.sched.OrderDependence e) {
        // As for an entry: blocks on several threads touched each other's memory; one thread's run is reported.
        left = deadline == 0 ? 0 : Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
        if (o.observer() != null) {
          o.observer().restart();
        }
        one = once(compiled, req.threads(1), main.name(), params, argv, seed, left, io);
      }
      for (Finding f : one.findings) {
        merged.add(f, f.count());
      }
      Fault.Budget budget = one.fault == null ? null : one.fault.budget();
      if (budget == Fault.Budget.WALL_CLOCK || budget == Fault.Budget.JAVA_HEAP) {
        first = one;
        break;
      }
      if (first == null) {
        first = one;
      } else {
        String d = compare(first, one);
        if (d != null) {
          String text = "schedule " + k + " (--seed " + seed + ") " + d;
          differences.add(text);
          merged.add(new Finding(Kind.SCHEDULE_DIFFERENCE, null, null, null, null, null, null, null, 1,
              "the program's run depends on the order warps and blocks run in: " + text));
        }
      }
    }
    Single s = first;
    return new ScanRun.Outcome("main", null, 0, s.launches, s.output, null, List.of(), s.fault,
        o.checks().isEmpty() && differences.isEmpty() ? List.of() : merged.list(), null, List.copyOf(differences),
        s.fault == null ? s.status : null, s.notes);
  }

  /**
   * How many parameters {@code main} takes, 0 or 2 ({@code int main(int argc, char **argv)});
   * another form is refused as a C++ compiler refuses it ([basic.start.main]).
   */
  public static int params(Symbol.Function main) throws ScanRun.UsageException {
    List<Type> p = main.paramTypes();
    boolean argc = p.size() >= 2 && p.get(0).isInteger();
    boolean argv = p.size() >= 2 && p.get(1) instanceof Type.Pointer a && a.pointee() instanceof Type.Pointer c
        && c.pointee() instanceof Type.Arith ch && ch.scalar() == org.scansim.frontend.sema.Scalar.CHAR;
    if (!(main.returnType() instanceof Type.Arith r && r.scalar() == org.scansim.frontend.sema.Scalar.INT)) {
      throw new ScanRun.UsageException("main must return int (it returns " + main.returnType().spelling() + "), as C++ requires");
    }
    if (p.isEmpty()) {
      return 0;
    }
    if (p.size() == 2 && argc && argv) {
      return 2;
    }
    throw new ScanRun.UsageException("main takes () or (int argc, char **argv), not (" + String.join(", ", p.stream().map(Type::spelling).toList())
        + ")");
  }

  /** One run of main under one schedule: its launches, output, status or fault, findings. */
  private record Single(List<LaunchRecord> launches, String output, int status, Fault fault, List<Finding> findings, List<String> notes) {}

  private static Single once(Frontend.Result compiled, ScanRun.Request req, String name, int params, List<String> argv, long seed,
      long wallMillis, Io io) {
    ScanRun.Options o = req.options();
    Simulation sim;
    try {
      sim = ScanRun.simulation(compiled, req, seed, wallMillis);
      sim.setChecks(o.checks(), 0, 0);
      sim.setFiles(io.folder(), io.stdin());
      sim.returnLaunchErrors();
    } catch (Fault f) { // a module variable that does not fit: the program faults before it starts
      return new Single(List.of(), "", 0, f, o.checks().isEmpty() ? List.of() : List.of(ScanRun.finding(f)), List.of());
    }
    int[] status = new int[1];
    Fault[] fault = new Fault[1];
    RuntimeException[] other = new RuntimeException[1];
    LargeStack.run(() -> {
      try {
        status[0] = sim.runMain(name, params, argv);
      } catch (Fault f) {
        fault[0] = f;
      } catch (OutOfMemoryError e) {
        fault[0] = Fault.javaHeap("the program ran out of the simulator's memory (a Java heap of at most "
            + (Runtime.getRuntime().maxMemory() >> 20) + " MB): give it " + ScanRun.LARGER_HEAP);
      } catch (StackOverflowError e) {
        fault[0] = Fault.runaway(Fault.Budget.JAVA_STACK, null, "the program nested too deeply");
      } catch (RuntimeException e) {
        other[0] = e;
      }
    });
    if (other[0] != null) {
      throw other[0];
    }
    if (fault[0] != null && !o.checks().isEmpty() && !fault[0].reported()) {
      sim.addFinding(ScanRun.finding(fault[0]));
    }
    return new Single(List.copyOf(sim.launches()), sim.output(), status[0], fault[0], sim.findings(), sim.notes());
  }

  /** How run {@code b} differs from run {@code a}: its end, its status, or what it printed; null when they agree. */
  private static String compare(Single a, Single b) {
    if ((a.fault == null) != (b.fault == null) || a.fault != null && !a.fault.kind().equals(b.fault.kind())) {
      return (b.fault == null ? "completes" : "stops with " + b.fault.kind()) + " where schedule 0 "
          + (a.fault == null ? "completes" : "stops with " + a.fault.kind());
    }
    if (a.status != b.status) {
      return "exits with status " + b.status + " where schedule 0 exits with " + a.status;
    }
    return a.output.equals(b.output) ? null : "prints different output";
  }
}
