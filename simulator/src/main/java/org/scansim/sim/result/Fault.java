package org.scansim.sim.result;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.frontend.diag.Span;

/**
 * A fault inside the simulated kernel or host code: an out-of-bounds access, a divergent
 * barrier, a runaway loop, a bad launch. It carries the source position and the threads
 * involved; the CLI reports it with exit code 3 and never a stack trace.
 */
public final class Fault extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final Span span;
  private final Kind kind;
  private final Budget budget;

  /** The budget a runaway ran past: what a user (or a grading spec) would raise if the program is right. */
  public enum Budget {
    INSTRUCTIONS,
    WALL_CLOCK,
    LAUNCHES,
    HOST_STEPS,
    HOST_RECURSION,
    PROOF_NODES,
    JAVA_STACK,
    /** The Java heap, not the simulated device's memory: a run the simulator's host could not hold. */
    JAVA_HEAP
  }

  public Fault(Kind kind, Span span, String message) {
    this(kind, null, span, message);
  }

  private Fault(Kind kind, Budget budget, Span span, String message) {
    super(message, null, false, false);
    this.kind = kind;
    this.budget = budget;
    this.span = span;
  }

  /** The status a program's {@code exit} call gave ({@link Kind#EXIT}), else 0. */
  private int exitStatus;

  /** The program called {@code exit(status)} at {@code span}: a fault unless the status is 0 (a normal end). */
  public static Fault exit(int status, Span span) {
    Fault f = new Fault(Kind.EXIT, span, "the program called exit(" + status + ")");
    f.exitStatus = status;
    return f;
  }

  /** The program called {@code abort()} at {@code span}: it ends as a shell sees SIGABRT end it, with status 134. */
  public static Fault abort(Span span) {
    Fault f = new Fault(Kind.EXIT, span, "the program called abort()");
    f.exitStatus = 134;
    return f;
  }

  /** For an {@code exit} call, its status; else 0. */
  public int exitStatus() {
    return exitStatus;
  }

  /** Whether this is {@code exit(0)}: the program ended as a return from it would end it, no fault. */
  public boolean normalExit() {
    return kind == Kind.EXIT && exitStatus == 0;
  }

  /** The run did not fit the Java heap (its kind is {@link Kind#OUT_OF_MEMORY}, as the device's own). */
  public static Fault javaHeap(String message) {
    return new Fault(Kind.OUT_OF_MEMORY, Budget.JAVA_HEAP, null, message);
  }

  /** A runaway: the run passed {@code budget} at {@code span}. */
  public static Fault runaway(Budget budget, Span span, String message) {
    return new Fault(Kind.RUNAWAY, budget, span, message);
  }

  /** The run passed its wall-clock budget at {@code span}; {@code where} says what was running ("; block ... was about to start"). */
  public static Fault pastWallClock(Span span, String where) {
    return runaway(Budget.WALL_CLOCK, span, "the run passed its wall-clock budget" + where);
  }

  /**
   * {@code a}, checked as the memory a CUDA call touches: {@code n} bytes from {@code p}'s
   * offset. {@code a} is null, or freed, for a pointer into nothing.
   */
  public static Allocation cudaArgument(Allocation a, long p, long n, Span at) {
    cudaArgument(a == null ? null : a.name, a == null ? 0 : a.size(), a != null && !a.freed, p, n, at);
    return a;
  }

  /**
   * The same for a buffer known by its name and size: faults unless it is {@code live} and holds
   * {@code n} bytes from {@code p}'s offset.
   */
  public static void cudaArgument(String name, long size, boolean live, long p, long n, Span at) {
    long off = Ptr.offset(p);
    if (!live) {
      throw new Fault(Kind.INVALID_ADDRESS, at, "invalid pointer passed to a CUDA call");
    }
    if (n < 0 || off < 0 || off + n > size) {
      // The size as the program's size_t: (size_t) -1 is 18446744073709551615 bytes, not -1.
      throw new Fault(Kind.OUT_OF_BOUNDS, at, "CUDA call touches " + Long.toUnsignedString(n) + " bytes from byte " + off
          + " of '" + name + "', which has " + size + " bytes");
    }
  }

  /** For a runaway, the budget it ran past; else null. */
  public Budget budget() {
    return budget;
  }

  /** What kind of fault: out-of-bounds, divergent-barrier, runaway, launch, ... */
  public Kind kind() {
    return kind;
  }

  public Span span() {
    return span;
  }

  private boolean reported;
  private LaunchRecord.Faulted launch;

  /** The kernel launch this fault stopped, or null for a fault in host code outside a launch. */
  public LaunchRecord.Faulted launch() {
    return launch;
  }

  /** Records the launch the fault stopped, once: the innermost launch names it. */
  public Fault inLaunch(LaunchRecord.Faulted l) {
    if (launch == null) {
      launch = l;
    }
    return this;
  }

  /** The CUDA error a GPU's runtime returns for this refused launch ({@link #cudaError()}), else 0. */
  private int cudaError;

  /**
   * Marks a launch the GPU's runtime would refuse, and return {@code code} for, without running it
   * (an invalid configuration, too much shared or local memory): a whole program sees the code
   * from {@code cudaGetLastError} instead of stopping.
   */
  public Fault refusedWith(int code) {
    cudaError = code;
    return this;
  }

  /** The CUDA error of a refused launch ({@link #refusedWith}), else 0. */
  public int cudaError() {
    return cudaError;
  }

  /** Whether a checker already recorded this fault as a finding (with more detail than the fault). */
  public boolean reported() {
    return reported;
  }

  public Fault markReported() {
    reported = true;
    return this;
  }
}
