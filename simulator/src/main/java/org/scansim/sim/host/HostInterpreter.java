package org.scansim.sim.host;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.result.Fault;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.Printf;
import org.scansim.sim.memory.Ptr;
import java.util.HashMap;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;

/**
 * Runs host code, one thread: the kernel file's entry function with its launches, temporaries
 * and recursion (Harris's arbitrary-size scan recurses on the block sums). Host locals whose
 * address is taken live in host memory; device pointers may be passed around but not
 * dereferenced, as on a real machine. Host memory is this class's own; the CUDA runtime calls
 * act on a {@link GpuDevice}, which hands out the device pointers host code holds and passes back.
 */
public final class HostInterpreter {
  private static final int MAX_DEPTH = 10_000;
  private static final int CUDA_SUCCESS = GpuDevice.SUCCESS;
  private static final int CUDA_ERROR_MEMORY_ALLOCATION = GpuDevice.ERROR_MEMORY_ALLOCATION;
  /** {@code cudaErrorInvalidDevice}: a device other than the one there is. */
  private static final int CUDA_ERROR_INVALID_DEVICE = 101;

  private final IrModule module;
  private final GpuDevice device;
  private final Deadline deadline;

  private final Heap host;
  private final Map<String, HostCode> compiled = new HashMap<>();
  private final Map<String, Allocation> hostGlobals = new HashMap<>();
  private final StringBuilder output;
  private final HostLibrary library = new HostLibrary(this);
  private final HostFiles files = new HostFiles(this);
  private int lastError;
  private int depth;
  /** Host instructions run so far (a compiled loop takes a block's at once: {@link HostLoops}). */
  long steps;
  /**
   * The step at which the interpreter next has to look (the wall clock at each 65,536 steps, the
   * step budget): a compiled loop runs no block that would reach it.
   */
  long guard;
  /** The steps compiled loops took (tests see that the compiled path ran). */
  long compiledSteps;
  /** The host instructions a program may run by default: past them it is a runaway. */
  public static final long STEP_LIMIT = 4_000_000_000L;
  /** The host instructions this program may run ({@link #setStepLimit}). */
  private long stepLimit = STEP_LIMIT;
  /**
   * Backward branches to one place before the loop they close is compiled ({@link HostLoops}):
   * about the iterations whose interpretation costs what compiling and the JIT's warm-up do. The
   * system property {@code scansim.hostLoops} sets another count, or {@code off} (for differential runs);
   * tests set it here.
   */
  static volatile int compileAfter = compileAfter(System.getProperty("scansim.hostLoops"));
  /** Host printf calls past the run's {@link Printf#RUN_BYTES} of output. */
  private long printfDropped;

  /** Host memory allocated from now on keeps no taint: a whole program's ({@link Heap#keepNoTaint}). */
  public void keepNoHostTaint() {
    host.keepNoTaint();
  }

  /**
   * Host code of {@code module} driving {@code device}, with at most {@code budgetBytes} of host
   * memory, stopping at {@code deadline}; printf output goes to {@code output}.
   */
  public HostInterpreter(IrModule module, GpuDevice device, long budgetBytes, Deadline deadline, StringBuilder output) {
    this.module = module;
    this.device = device;
    this.deadline = deadline;
    this.output = output;
    // Host memory has a budget of the device's size: a kernel file's host arrays are small.
    // Frames' arrays are freed when their call returns, but keep their slots: as many as pointers hold.
    this.host = new Heap(Ptr.HOST, budgetBytes, Ptr.MAX_ID);
    for (MemoryVar m : module.globals()) {
      if (m.space() == MemSpace.HOST) {
        Allocation a = host.allocate(m.name(), m.bytes());
        if (a == null) {
          throw new Fault(Kind.OUT_OF_MEMORY, m.span(), "host variable '" + m.name() + "': " + host.whyNot(m.bytes()));
        }
        if (m.init() != null) {
          for (int i = 0; i < m.init().length; i++) {
            long bits = m.init()[i];
            if (m.elemType() == IrType.F32) {
              bits = Alu.f((float) Double.longBitsToDouble(bits));
            }
            a.store(m.elemType(), i * m.elemType().size(), bits);
          }
        }
        hostGlobals.put(m.name(), a);
      }
    }
    for (MemoryVar m : module.globals()) {
      if (m.address() != null && hostGlobals.containsKey(m.address())) {
        // const char *name = "text": the literal's address, once every variable has its place.
        hostGlobals.get(m.name()).store(IrType.PTR, 0, host.pointerTo(hostGlobals.get(m.address())));
      }
    }
  }

  /**
   * The program's short name, as glibc's {@code __progname} holds it: what a failed assert prints
   * first; null for a run of an entry function, which is not a program.
   */
  private String programName;

  /** Names the program whose {@code main} runs ({@code argv[0]}): its last path component is what glibc prints. */
  public void programName(String argv0) {
    String shortName = argv0.substring(argv0.lastIndexOf('/') + 1);
    programName = shortName.isEmpty() ? argv0 : shortName;
  }

  /**
   * A failed {@code assert} in a whole program's host code ends it as glibc's {@code __assert_fail}
   * does: its line on the program's error output ({@code prog: file:line: Assertion `x' failed.},
   * without the function's signature, which scansim does not spell as g++ does), then {@code
   * abort()}: status 134, as a shell reports SIGABRT. In an entry function's run, and for the front
   * end's own assertion that a pure virtual function was called (its text is the message alone, no
   * source text has that form), it is a fault that names the assertion, as before.
   */
  private void failedAssert(CInsn in) {
    String text = in.ir.text();
    if (programName == null || text.startsWith("pure virtual function ") && text.indexOf('"') < 0) {
      throw new Fault(Kind.ASSERT, in.span, "assertion '" + text + "' failed in host code");
    }
    String file = in.span == null ? "?" : in.span.file().name();
    int line = in.span == null ? 0 : in.span.line();
    print(programName + ": " + file + ":" + line + ": Assertion `" + text + "' failed.\n");
    throw Fault.abort(in.span);
  }

  /**
   * A program's {@code argv}: each argument's bytes and a NUL in host memory ({@code argv[0]}
   * first), then the array of their pointers ending in NULL, as the C runtime gives {@code main}
   * (C11 §5.1.2.2.1). Returns the array's pointer.
   */
  public long argv(java.util.List<String> args) {
    Allocation array = host.allocate("argv", 8L * (args.size() + 1));
    if (array == null) {
      throw new Fault(Kind.OUT_OF_MEMORY, null, "the program's arguments: " + host.whyNot(8L * (args.size() + 1)));
    }
    for (int i = 0; i < args.size(); i++) {
      byte[] bytes = (args.get(i) + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8);
      Allocation a = host.allocate("argv[" + i + "]", bytes.length);
      if (a == null) {
        throw new Fault(Kind.OUT_OF_MEMORY, null, "the program's argument " + i + ": " + host.whyNot(bytes.length));
      }
      for (int k = 0; k < bytes.length; k++) {
        a.store(IrType.I8, k, bytes[k]);
      }
      array.store(IrType.PTR, 8 * i, host.pointerTo(a));
    }
    array.store(IrType.PTR, 8 * args.size(), 0);
    return host.pointerTo(array);
  }

  /**
   * A program's files: {@code fopen} reads from {@code folder} (null: no file is read) and never
   * outside it, and standard input is {@code stdin}'s bytes (null: empty); what it writes stays in memory.
   */
  public void files(java.nio.file.Path folder, java.util.function.Supplier<byte[]> stdin) {
    files.configure(folder, stdin);
  }

  HostFiles files() {
    return files;
  }

  /** Host printf calls dropped past the run's {@link Printf#RUN_BYTES} of output. */
  public long printfDropped() {
    return printfDropped;
  }

  /** Calls a host function with register-form arguments; returns its result (0 for void). */
  public long call(String name, long[] args, Span at) {
    IrFunction f = module.function(name);
    if (f == null) {
      throw new Fault(Kind.INTERNAL, at, "no function '" + name + "'");
    }
    if (++depth > MAX_DEPTH) {
      throw Fault.runaway(Fault.Budget.HOST_RECURSION, at, "host recursion deeper than " + MAX_DEPTH + " calls in '" + name + "'");
    }
    try {
      return execute(compiled.computeIfAbsent(name, k -> new HostCode(Compiler.compile(module, f))), args);
    } finally {
      depth--;
    }
  }

  private long execute(HostCode hc, long[] args) {
    Code code = hc.code;
    long[] r = new long[code.registerCount()];
    for (int c = 0; c < code.constants.length; c++) {
      r[code.firstConstant + c] = code.constants[c];
    }
    for (int p = 0; p < code.params.length; p++) {
      r[code.params[p]] = args[p];
    }
    Allocation[] frame = new Allocation[code.memory.size()];
    int[] op = hc.op;
    int[] d = hc.dst;
    int[] x = hc.a;
    int[] y = hc.b;
    HostLoops.Body[] loops = hc.loops;
    guard = Math.min((steps | 0xFFFF) + 1, stepLimit);
    int pc = 0;
    while (true) {
      HostLoops.Body loop = loops[pc];
      if (loop != null) {
        pc = loop.run(this, hc, r, pc); // back at a call, a branch out, or a block past the guard: one instruction here
      }
      if (++steps > stepLimit) {
        Span at = code.insns[pc].span;
        throw Fault.runaway(Fault.Budget.HOST_STEPS, at, "host code ran past its step budget at " + at.position());
      }
      if ((steps & 0xFFFF) == 0) {
        // Host code is bounded by the run's wall clock too: a host loop of copies did not end.
        deadline.checkHost(code.insns[pc].span);
        guard = Math.min(steps + 0x10000, stepLimit);
      }
      // The instructions host loops are made of, decoded (HostCode); the rest through the instruction.
      switch (op[pc]) {
        case HostCode.BR -> {
          pc = backTo(hc, pc, hc.target[pc]);
          continue;
        }
        case HostCode.CBR -> {
          pc = backTo(hc, pc, r[x[pc]] != 0 ? hc.target[pc] : hc.elseTarget[pc]);
          continue;
        }
        case HostCode.MOV -> r[d[pc]] = r[x[pc]];
        case HostCode.ADD64 -> r[d[pc]] = r[x[pc]] + r[y[pc]];
        case HostCode.SUB64 -> r[d[pc]] = r[x[pc]] - r[y[pc]];
        case HostCode.MUL64 -> r[d[pc]] = r[x[pc]] * r[y[pc]];
        case HostCode.ADD32 -> r[d[pc]] = (int) (r[x[pc]] + r[y[pc]]);
        case HostCode.SUB32 -> r[d[pc]] = (int) (r[x[pc]] - r[y[pc]]);
        case HostCode.MUL32 -> r[d[pc]] = (int) (r[x[pc]] * r[y[pc]]);
        case HostCode.DIV32 -> {
          long q = r[y[pc]];
          r[d[pc]] = q == 0 ? Alu.binary(code.insns[pc], r[x[pc]], q) : (int) (r[x[pc]] / q); // Alu's fault for 0
        }
        case HostCode.REM32 -> {
          long q = r[y[pc]];
          r[d[pc]] = q == 0 ? Alu.binary(code.insns[pc], r[x[pc]], q) : (int) (r[x[pc]] % q);
        }
        case HostCode.AND64 -> r[d[pc]] = r[x[pc]] & r[y[pc]];
        case HostCode.OR64 -> r[d[pc]] = r[x[pc]] | r[y[pc]];
        case HostCode.XOR64 -> r[d[pc]] = r[x[pc]] ^ r[y[pc]];
        case HostCode.AND32 -> r[d[pc]] = (int) (r[x[pc]] & r[y[pc]]);
        case HostCode.OR32 -> r[d[pc]] = (int) (r[x[pc]] | r[y[pc]]);
        case HostCode.XOR32 -> r[d[pc]] = (int) (r[x[pc]] ^ r[y[pc]]);
        case HostCode.FLOAT -> r[d[pc]] = Alu.floatBinary(code.insns[pc].op, hc.type[pc], r[x[pc]], r[y[pc]]);
        case HostCode.CMP -> r[d[pc]] = Alu.compare(code.insns[pc], r[x[pc]], r[y[pc]]);
        case HostCode.CONVERT -> r[d[pc]] = Alu.convert(hc.type[pc], code.insns[pc].srcType, r[x[pc]]);
        case HostCode.LT -> r[d[pc]] = r[x[pc]] < r[y[pc]] ? 1 : 0;
        case HostCode.LE -> r[d[pc]] = r[x[pc]] <= r[y[pc]] ? 1 : 0;
        case HostCode.GT -> r[d[pc]] = r[x[pc]] > r[y[pc]] ? 1 : 0;
        case HostCode.GE -> r[d[pc]] = r[x[pc]] >= r[y[pc]] ? 1 : 0;
        case HostCode.EQ -> r[d[pc]] = r[x[pc]] == r[y[pc]] ? 1 : 0;
        case HostCode.NE -> r[d[pc]] = r[x[pc]] != r[y[pc]] ? 1 : 0;
        case HostCode.PTR_ADD -> r[d[pc]] = Ptr.add(r[x[pc]], r[y[pc]] * hc.scale[pc]);
        case HostCode.TO_I32 -> r[d[pc]] = (int) r[x[pc]];
        case HostCode.RAND -> r[d[pc]] = rand(hc, pc);
        case HostCode.MATH -> r[d[pc]] = math(hc, r, pc);
        case HostCode.LD -> load(hc, r, pc);
        case HostCode.ST -> store(hc, r, pc);
        default -> {
          CInsn in = code.insns[pc];
          if (in.op == Op.CUDA && (steps & 0xFFFF) != 0) {
            deadline.checkHost(in.span); // each runtime or library call: one may copy much
          }
          switch (in.op) {
            case RET -> {
              // The frame's arrays end with the call: a pointer to one that outlives it is a use after free.
              for (Allocation a : frame) {
                if (a != null) {
                  host.free(a);
                }
              }
              return in.args.length == 0 ? 0 : r[in.a()];
            }
            case BR, CBR, MOV, PTR_ADD, LD, ST -> throw new Fault(Kind.INTERNAL, in.span, in.op + " not decoded"); // HostCode decodes them all
            case ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, MIN, MAX -> r[in.dst] = Alu.binary(in, r[in.a()], r[in.b()]);
            case NEG, NOT, ABS, POPC, CLZ, FFS -> r[in.dst] = Alu.unary(in, r[in.a()]);
            case SETP -> r[in.dst] = Alu.compare(in, r[in.a()], r[in.b()]);
            case CVT -> r[in.dst] = Alu.convert(in.type, in.srcType, r[in.a()]);
            case ADDR -> r[in.dst] = address(code, frame, in);
            case PTR_DIFF -> r[in.dst] = (Ptr.offset(r[in.a()]) - Ptr.offset(r[in.b()])) / in.ir.imm();
            case CALL -> {
              long[] a = new long[in.args.length];
              for (int k = 0; k < a.length; k++) {
                a[k] = r[in.args[k]];
              }
              long v = call(in.ir.callee(), a, in.span);
              if (in.dst >= 0) {
                r[in.dst] = v;
              }
            }
            case LAUNCH -> launch(in, r);
            case CUDA -> r[in.dst] = cuda(in, r);
            case PRINTF -> {
              long count = printf(in, r, code);
              if (in.dst >= 0) {
                r[in.dst] = count;
              }
            }
            case ASSERT -> {
              if (r[in.a()] == 0) {
                failedAssert(in);
              }
            }
            case FENCE, BAR_WARP -> {}
            case SREG, BAR, ATOM, SHFL, VOTE, ACTIVEMASK -> throw new Fault(Kind.INTERNAL, in.span, in.op + " in host code");
          }
        }
      }
      pc++;
    }
  }

  /**
   * A branch from {@code from} to {@code to}; a backward one counts toward compiling the loop it
   * closes, from {@code to} to the furthest branch back to it (a loop with a {@code continue} has two).
   */
  private static int backTo(HostCode hc, int from, int to) {
    if (to <= from) {
      hc.loopEnd[to] = Math.max(hc.loopEnd[to], from);
      if (++hc.backEdges[to] == compileAfter) {
        HostLoops.Body body = HostLoops.compile(hc, to, hc.loopEnd[to]);
        if (body != null) {
          java.util.Arrays.fill(hc.loops, to, hc.loopEnd[to] + 1, body); // a loop around one compiled before takes its place
        }
      }
    }
    return to;
  }

  /**
   * Back edges to one place before its loop is compiled: 2,000 (20,000 until 2026-12-01, when a
   * program at 2^24 spent about 0.8 s more of C2's time recompiling this interpreter, which its
   * check loop had sent back to the interpreter's profiling code, than at 2,000).
   */
  static final int DEFAULT_COMPILE_AFTER = 2_000;

  /** The count {@code scansim.hostLoops} names: a positive count, {@code off}, or the default for anything else. */
  static int compileAfter(String property) {
    if ("off".equals(property)) {
      return -1; // never reached: a counter counts up from 1, and would reach -1 only after 2^32 - 1 back edges, past the step budget
    }
    try {
      return property == null ? DEFAULT_COMPILE_AFTER : Math.max(1, Integer.parseInt(property.trim()));
    } catch (NumberFormatException e) {
      return DEFAULT_COMPILE_AFTER;
    }
  }

  /** A C math function ({@link HostCode#MATH}): the library's call as the general path makes it, less its clock read. */
  long math(HostCode hc, long[] r, int at) {
    return libraryCall(hc.code.insns[at], r);
  }

  /** A C library call {@code in} with its arguments from the registers: its result in register form. */
  private long libraryCall(CInsn in, long[] r) {
    long[] a = new long[in.args.length];
    for (int k = 0; k < a.length; k++) {
      a[k] = r[in.args[k]];
    }
    return Alu.norm(in.type, library.call(in.ir.callee(), a, in));
  }

  /** rand() as a host instruction computes it. */
  long rand(HostCode hc, int at) {
    return Alu.norm(hc.type[at], library.rand());
  }

  /** rand() into an int register ({@link HostLoops}): its value, 0 to RAND_MAX, is the register's already. */
  long randInt() {
    return library.rand();
  }

  /** The load at {@code at}: host memory checked and reached as the general path does. */
  void load(HostCode hc, long[] r, int at) {
    r[hc.dst[at]] = loadAt(hc, at, r[hc.a[at]]);
  }

  /** The store at {@code at}. */
  void store(HostCode hc, long[] r, int at) {
    storeAt(hc, at, r[hc.a[at]], r[hc.b[at]]);
  }

  /** The value the load at {@code at} reads at p (a compiled loop holds its registers itself: {@link HostLoops}). */
  long loadAt(HostCode hc, int at, long p) {
    IrType t = hc.type[at];
    return reach(hc, at, p, t.size()).load(t, (int) Ptr.offset(p));
  }

  /** The store at {@code at} of v at p; managed memory tells the device what the host wrote. */
  void storeAt(HostCode hc, int at, long p, long v) {
    IrType t = hc.type[at];
    Allocation a = reach(hc, at, p, t.size());
    a.store(t, (int) Ptr.offset(p), v);
    if (a.space != Ptr.HOST) {
      device.hostStored(a, (int) Ptr.offset(p), t.size()); // managed memory
    }
  }

  /** A load of a 32-bit int or float at {@code at} ({@link HostLoops} calls it for those types): the word as {@link #loadAt} reads it. */
  long loadWordAt(HostCode hc, int at, long p) {
    return reach(hc, at, p, 4).loadWord((int) Ptr.offset(p));
  }

  /** A store of a 32-bit value at {@code at}: its low 32 bits, as {@link #storeAt} writes them. */
  void storeWordAt(HostCode hc, int at, long p, long v) {
    Allocation a = reach(hc, at, p, 4);
    a.storeWord((int) Ptr.offset(p), (int) v);
    if (a.space != Ptr.HOST) {
      device.hostStored(a, (int) Ptr.offset(p), 4);
    }
  }

  /**
   * The host memory of {@code size} bytes at p for the access at {@code at}: the host allocation it
   * reached last when p is in it (a loop's access reaches one array again and again; ids are never
   * reused, and a freed one says so), and otherwise {@link #hostMemory}'s checks and faults.
   */
  private Allocation reach(HostCode hc, int at, long p, int size) {
    Allocation a = hc.site[at];
    if (a != null && Ptr.id(p) == a.id && Ptr.space(p) == Ptr.HOST && !a.freed) {
      long off = Ptr.offset(p);
      if (off >= 0 && off + size <= a.size()) {
        return a;
      }
    }
    a = hostMemory(p, hc.code.insns[at], size);
    if (a.space == Ptr.HOST) {
      hc.site[at] = a;
    }
    return a;
  }

  /**
   * printf and its family: the text formatted from the operands after the destination's (and a
   * format known at run time) goes to the program's output, a stream, or host memory (sprintf
   * writes its NUL too; snprintf at most n bytes with it). Output past the run's {@link
   * Printf#RUN_BYTES} is dropped and counted.
   */
  private long printf(CInsn in, long[] r, Code code) {
    int lead = in.ir.printfLeading() + (in.ir.printfDynamic() ? 1 : 0);
    long[] values = new long[in.args.length - lead];
    IrType[] types = new IrType[values.length];
    for (int k = 0; k < values.length; k++) {
      values[k] = r[in.args[lead + k]];
      types[k] = code.regTypes[in.args[lead + k]];
    }
    int sink = in.ir.printfSink();
    if (sink == Insn.PRINTF_OUTPUT && output.length() >= Printf.RUN_BYTES) {
      printfDropped++;
      return 0;
    }
    String format = in.ir.printfDynamic() ? cString(r[in.args[lead - 1]], in) : in.ir.text();
    String text = Printf.format(format, values, types, Printf.RUN_BYTES, p -> cString(p, in));
    byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    switch (sink) {
      case Insn.PRINTF_OUTPUT -> output.append(text); // a call that begins within the run's bytes is kept whole
      case Insn.PRINTF_STREAM -> {
        if (!files.write(r[in.args[0]], bytes, "fprintf", in)) {
          return -1;
        }
      }
      default -> {
        long p = r[in.args[0]];
        long n = sink == Insn.PRINTF_BOUNDED ? r[in.args[1]] : Long.MAX_VALUE;
        if (n == 0) {
          return bytes.length; // snprintf(NULL, 0, ...): the size a buffer needs, less its NUL
        }
        int kept = (int) Math.min(bytes.length, n - 1);
        for (int k = 0; k < kept; k++) {
          store(Ptr.add(p, k), IrType.I8, bytes[k], in);
        }
        store(Ptr.add(p, kept), IrType.I8, 0, in);
      }
    }
    return bytes.length;
  }

  private long address(Code code, Allocation[] frame, CInsn in) {
    MemoryVar m = code.memory.get(in.memory);
    if (code.moduleLevel[in.memory]) {
      Allocation a = hostGlobals.get(m.name());
      if (a == null) {
        throw new Fault(Kind.INVALID_ADDRESS, in.span, "host code takes the address of device variable '" + m.name() + "'");
      }
      return host.pointerTo(a);
    }
    if (frame[in.memory] == null) {
      frame[in.memory] = host.allocate(m.name(), m.bytes());
      if (frame[in.memory] == null) {
        throw new Fault(Kind.OUT_OF_MEMORY, in.span, "host variable '" + m.name() + "': " + host.whyNot(m.bytes()));
      }
      frame[in.memory].fill((byte) 0xCD);
    }
    return host.pointerTo(frame[in.memory]);
  }

  /** The value of type {@code t} at host pointer {@code p}, checked as host code's load is: for the C library. */
  long load(long p, IrType t, CInsn in) {
    return hostMemory(p, in, t.size()).load(t, (int) Ptr.offset(p));
  }

  /** Stores {@code v} as a value of type {@code t} at host pointer {@code p}, checked as host code's store is. */
  void store(long p, IrType t, long v, CInsn in) {
    hostMemory(p, in, t.size()).store(t, (int) Ptr.offset(p), v);
  }

  /** memcpy and memmove: {@code n} bytes between host buffers (a device pointer is a fault: the host copies with cudaMemcpy). */
  void copyHost(long dst, long src, long n, String name, CInsn in) {
    for (long p : new long[] {dst, src}) {
      if (!isHost(p) && device.owns(p) && device.managed(p) == null) {
        throw new Fault(Kind.INVALID_ADDRESS, in.span, name + " of a device pointer in host code (the host copies to and from the device"
            + " with cudaMemcpy)");
      }
    }
    if (n == 0) {
      return;
    }
    Allocation d = libraryRange(dst, n, name, in);
    Allocation s = libraryRange(src, n, name, in);
    d.copyFrom(s, (int) Ptr.offset(src), (int) Ptr.offset(dst), (int) n);
    device.hostCopied(d, (int) Ptr.offset(dst), s, (int) Ptr.offset(src), n);
    if (d.space != Ptr.HOST) {
      device.hostStored(d, (int) Ptr.offset(dst), (int) n);
    }
  }

  /** memset of host memory: {@code n} bytes of {@code value} from {@code p}. */
  void setHost(long p, byte value, long n, CInsn in) {
    if (!isHost(p) && device.owns(p) && device.managed(p) == null) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, "memset of a device pointer in host code (cudaMemset sets device memory)");
    }
    if (n == 0) {
      return;
    }
    Allocation a = libraryRange(p, n, "memset", in);
    a.set((int) Ptr.offset(p), (int) n, value);
    device.hostSet(a, (int) Ptr.offset(p), n);
    if (a.space != Ptr.HOST) {
      device.hostStored(a, (int) Ptr.offset(p), (int) n);
    }
  }

  /** The host block holding {@code n} bytes from {@code p}, for the C library's {@code name}; else a fault that says why not. */
  private Allocation libraryRange(long p, long n, String name, CInsn in) {
    Allocation a = block(p);
    if (a == null) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, name + " of " + (p == 0 ? "a null pointer" : "an invalid pointer") + " in host code");
    }
    if (a.freed) {
      throw new Fault(Kind.USE_AFTER_FREE, in.span, name + " of '" + a.name + "' after it was freed");
    }
    long off = Ptr.offset(p);
    if (n < 0 || off < 0 || off + n > a.size()) {
      throw new Fault(Kind.OUT_OF_BOUNDS, in.span, name + " touches " + Long.toUnsignedString(n) + " bytes from byte " + off + " of '"
          + a.name + "', which has " + a.size() + " bytes");
    }
    return a;
  }

  /** Appends the host's {@code text} to the program's output, within the run's {@link Printf#RUN_BYTES}. */
  void print(String text) {
    if (output.length() < Printf.RUN_BYTES) {
      output.append(text);
    } else {
      printfDropped++;
    }
  }

  /** The host instructions the program may run (at least one); past them it is a runaway. */
  public void setStepLimit(long limit) {
    stepLimit = Math.max(1, limit);
  }

  /**
   * Host code's budget in a run of {@code maxWarpInstructions}: {@link #STEP_LIMIT}, or twice the
   * run's instruction budget where that is more (a program at 2^28 elements runs about 8 x 10^9
   * host instructions in its own loops).
   */
  public static long stepLimitFor(long maxWarpInstructions) {
    return Math.max(STEP_LIMIT, Math.min(Long.MAX_VALUE / 2, maxWarpInstructions) * 2);
  }

  /** Host instructions run so far: the C library's clock. */
  long steps() {
    return steps;
  }

  private DeviceProperties properties;

  /** What the device answers of itself (cudaGetDeviceProperties); null: nothing, and the calls return cudaErrorInvalidDevice. */
  public void setProperties(DeviceProperties p) {
    properties = p;
  }

  DeviceProperties properties() {
    return properties;
  }

  /** The timing model's time of the launches so far, -1 without one: what CUDA events measure. */
  long deviceNanos() {
    return device.elapsedNanos();
  }

  /** What the run's report should say about how host code was answered (a clock, an event), each once, in order. */
  private final java.util.LinkedHashSet<String> notes = new java.util.LinkedHashSet<>();

  /** Distinct notes a run keeps: a host loop making a new one each time (a refused launch of a growing size) stops there. */
  static final int MAX_NOTES = 100;

  void note(String text) {
    if (notes.size() < MAX_NOTES) {
      notes.add(text);
    } else if (notes.size() == MAX_NOTES) {
      notes.add("more notes than " + MAX_NOTES + ": the rest are left out");
    }
  }

  /** The notes of the run so far ({@link #note}), then what it read and wrote of files. */
  public java.util.List<String> notes() {
    java.util.List<String> all = new java.util.ArrayList<>(notes);
    all.addAll(files.notes());
    return java.util.List.copyOf(all);
  }

  /** The module's host functions in name order: function k's address is {@code Ptr.make(CODE, k + 1, 0)}. */
  private java.util.List<String> functionNames;

  private java.util.List<String> functionNames() {
    if (functionNames == null) {
      functionNames = module.functions().stream().map(IrFunction::name).sorted().toList();
    }
    return functionNames;
  }

  /** What a function pointer to {@code name} holds: deterministic, never NULL, and no memory's. */
  private long functionAddress(String name) {
    return Ptr.make(Ptr.CODE, java.util.Collections.binarySearch(functionNames(), name) + 1, 0);
  }

  /** The host function a call through {@code p} calls; a fault for NULL or a pointer that holds no function's address. */
  private String functionAt(long p, CInsn in) {
    int k = Ptr.id(p) - 1;
    if (Ptr.space(p) != Ptr.CODE || Ptr.offset(p) != 0 || k < 0 || k >= functionNames().size()) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, p == 0 ? "call through a null function pointer"
          : "call through a function pointer that holds no function's address");
    }
    return functionNames().get(k);
  }

  /** A block of {@code bytes} of the host heap, allocated by {@code kind} (cudaMallocHost), or 0 past the budget. */
  long allocate(String kind, long bytes, CInsn in) {
    return malloc(kind, bytes, 1, false, in);
  }

  /** Frees the block at {@code p} if one of {@code kinds} allocated it; false (nothing freed) otherwise. */
  boolean release(long p, java.util.List<String> kinds) {
    Allocation a = p == 0 || Ptr.space(p) != Ptr.HOST || Ptr.offset(p) != 0 ? null : host.get(Ptr.id(p));
    if (a == null || a.freed || !kinds.contains(allocator(a))) {
      return false;
    }
    host.free(a);
    return true;
  }

  /** The host block, or managed device buffer, at {@code p}: what host code may load from and store to; null for anything else. */
  private Allocation block(long p) {
    return Ptr.space(p) == Ptr.HOST ? host.get(Ptr.id(p)) : device.owns(p) ? device.managed(p) : null;
  }

  private Allocation hostMemory(long p, CInsn in, int size) {
    Allocation a = block(p);
    long off = Ptr.offset(p);
    if (a == null && device.owns(p)) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, "host code dereferences a device pointer (use cudaMemcpy, or cudaMallocManaged"
          + " for memory both sides use)");
    }
    if (a == null) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, p == 0 ? "null pointer dereference in host code" : "invalid pointer dereference in host code");
    }
    if (a.freed) {
      throw new Fault(Kind.USE_AFTER_FREE, in.span, "host code uses '" + a.name + "' after the call that held it returned");
    }
    if (off < 0 || off + size > a.size()) {
      throw new Fault(Kind.OUT_OF_BOUNDS, in.span, "out-of-bounds host access at byte " + off + " of '" + a.name + "' (" + a.size() + " bytes)");
    }
    return a;
  }

  private void launch(CInsn in, long[] r) {
    // dim3's fields are unsigned ints: <<<2147483648u, 1>>> is 2^31 blocks, not -2^31.
    long[] grid = {r[in.args[0]] & 0xFFFF_FFFFL, r[in.args[1]] & 0xFFFF_FFFFL, r[in.args[2]] & 0xFFFF_FFFFL};
    long[] block = {r[in.args[3]] & 0xFFFF_FFFFL, r[in.args[4]] & 0xFFFF_FFFFL, r[in.args[5]] & 0xFFFF_FFFFL};
    long shared = r[in.args[6]];
    String kernel = in.ir.callee();
    int first = 7;
    if (kernel == null) { // through a kernel pointer, after the configuration
      kernel = functionAt(r[in.args[7]], in);
      if (!module.function(kernel).isKernel()) {
        throw new Fault(Kind.INVALID_ADDRESS, in.span, "a launch through a function pointer that holds the host function '" + kernel
            + "', not a __global__ function");
      }
      first = 8;
    }
    long[] args = new long[in.args.length - first];
    for (int k = 0; k < args.length; k++) {
      args[k] = r[in.args[first + k]];
    }
    int error = device.launch(kernel, grid, block, shared, args, in.span);
    if (error != CUDA_SUCCESS) {
      lastError = error;
      String why = device.launchRefusal();
      if (why != null) {
        note(why);
      }
    }
  }

  private long cuda(CInsn in, long[] r) {
    long result = switch (in.ir.cuda()) {
      case MALLOC -> {
        long pp = r[in.args[0]];
        long size = r[in.args[1]];
        // Named after the host pointer it is stored into (d_sums), as the user knows it.
        Allocation holder = hostMemory(pp, in, 8);
        long p = device.malloc(holder.name, size, in.span);
        if (p == 0) {
          yield CUDA_ERROR_MEMORY_ALLOCATION;
        }
        hostMemory(pp, in, 8).store(IrType.PTR, (int) Ptr.offset(pp), p);
        yield CUDA_SUCCESS;
      }
      case MALLOC_MANAGED -> {
        long pp = r[in.args[0]];
        Allocation holder = hostMemory(pp, in, 8);
        long p = device.mallocManaged(holder.name, r[in.args[1]], in.span);
        if (p == 0) {
          yield CUDA_ERROR_MEMORY_ALLOCATION;
        }
        hostMemory(pp, in, 8).store(IrType.PTR, (int) Ptr.offset(pp), p);
        yield CUDA_SUCCESS;
      }
      case FREE -> device.free(r[in.args[0]], in.span);
      case MEMCPY -> copy(in, r[in.args[0]], r[in.args[1]], r[in.args[2]]);
      case MEMSET -> {
        long p = r[in.args[0]];
        long n = r[in.args[2]];
        int value = (int) r[in.args[1]];
        if (isHost(p)) {
          Allocation a = hostRange(p, in, n);
          a.set((int) Ptr.offset(p), (int) n, (byte) value);
          device.hostSet(a, (int) Ptr.offset(p), n);
        } else {
          device.memset(p, value, n, in.span);
        }
        yield CUDA_SUCCESS;
      }
      case DEVICE_SYNCHRONIZE -> device.synchronize(in.span);
      case GET_LAST_ERROR -> {
        int e = lastError;
        lastError = 0; // cudaGetLastError clears the error it returns
        yield e;
      }
      case PEEK_AT_LAST_ERROR -> lastError;
      case EXIT -> throw Fault.exit((int) r[in.args[0]], in.span);
      case GET_ERROR_STRING, GET_ERROR_NAME -> errorWords(in.ir.cuda() == Enums.CudaCall.GET_ERROR_NAME, (int) r[in.args[0]], in);
      case SET_DEVICE -> r[in.args[0]] == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE; // one device: device 0
      case GET_DEVICE, GET_DEVICE_COUNT -> {
        long p = r[in.args[0]];
        hostMemory(p, in, 4).store(IrType.I32, (int) Ptr.offset(p), in.ir.cuda() == Enums.CudaCall.GET_DEVICE ? 0 : 1);
        yield CUDA_SUCCESS;
      }
      case DEVICE_RESET -> CUDA_SUCCESS; // the device's allocations are kept (a program resets at its end)
      case HOST_MALLOC -> malloc("malloc", r[in.args[0]], 1, false, in);
      case HOST_CALLOC -> malloc("calloc", r[in.args[0]], r[in.args[1]], true, in);
      case HOST_NEW, HOST_NEW_ARRAY -> {
        String kind = in.ir.cuda() == Enums.CudaCall.HOST_NEW ? "new" : "new[]";
        long p = malloc(kind, r[in.args[0]], 1, in.ir.cuda() == Enums.CudaCall.HOST_NEW_ARRAY && r[in.args[1]] != 0, in);
        if (p == 0) { // C++ throws std::bad_alloc, which ends a program that does not catch it
          throw new Fault(Kind.OUT_OF_MEMORY, in.span, kind + " of " + Long.toUnsignedString(r[in.args[0]]) + " bytes: "
              + host.whyNot(Math.max(0, r[in.args[0]])) + " (C++ would throw std::bad_alloc)");
        }
        yield p;
      }
      case HOST_FREE -> free(r[in.args[0]], FREES_MALLOC, in);
      case HOST_DELETE -> {
        long p = r[in.args[0]];
        if (in.ir.callee() != null && p != 0) {
          call(in.ir.callee(), new long[] {p}, in.span); // the object's destructor, before its memory goes
        }
        yield free(p, FREES_NEW, in);
      }
      case HOST_DELETE_ARRAY -> free(r[in.args[0]], FREES_NEW_ARRAY, in);
      case LIBRARY -> libraryCall(in, r);
      case FUNCTION_ADDRESS -> functionAddress(in.ir.callee());
      case MEMCPY_TO_SYMBOL, MEMCPY_FROM_SYMBOL -> {
        long symbol = device.variable(in.ir.callee());
        if (symbol == 0) {
          throw new Fault(Kind.INTERNAL, in.span, "no device variable '" + in.ir.callee() + "'");
        }
        long at = Ptr.add(symbol, r[in.args[2]]);
        long host = r[in.args[0]];
        long n = r[in.args[1]];
        yield in.ir.cuda() == Enums.CudaCall.MEMCPY_TO_SYMBOL ? copy(in, at, host, n) : copy(in, host, at, n);
      }
      case CALL_INDIRECT -> {
        long[] a = new long[in.args.length - 1];
        for (int k = 0; k < a.length; k++) {
          a[k] = r[in.args[k + 1]];
        }
        String f = functionAt(r[in.args[0]], in);
        if (module.function(f).isKernel()) {
          throw new Fault(Kind.INVALID_ADDRESS, in.span, "a call through a function pointer that holds the kernel '" + f
              + "': a kernel is launched, f<<<grid, block>>>(...)");
        }
        yield call(f, a, in.span);
      }
    };
    // A call's own error becomes the last error; the calls that read it, and the C library's, leave it.
    boolean keepsError = switch (in.ir.cuda()) {
      case GET_LAST_ERROR, PEEK_AT_LAST_ERROR, GET_ERROR_STRING, GET_ERROR_NAME -> true;
      case MALLOC, MALLOC_MANAGED, FREE, MEMCPY, MEMSET, DEVICE_SYNCHRONIZE, EXIT, SET_DEVICE, GET_DEVICE, GET_DEVICE_COUNT,
          DEVICE_RESET -> false;
      case HOST_MALLOC, HOST_CALLOC, HOST_FREE, HOST_NEW, HOST_NEW_ARRAY, HOST_DELETE, HOST_DELETE_ARRAY -> true;
      case LIBRARY -> !in.ir.callee().startsWith("cuda"); // the runtime's calls of the library's shape set the last error
      case FUNCTION_ADDRESS, CALL_INDIRECT -> true;
      case MEMCPY_TO_SYMBOL, MEMCPY_FROM_SYMBOL -> false;
    };
    if (result != CUDA_SUCCESS && !keepsError) {
      lastError = (int) result;
    }
    return result;
  }

  /**
   * {@code malloc(size)}, {@code calloc(count, size)} (zeroed), {@code new} or {@code new[]}
   * ({@code kind}): a block of the host heap, named by its kind and place, or NULL when the run's
   * memory budget cannot hold it, as C returns it. A block's bytes are 0xCD until written unless
   * zeroed, as a frame's arrays are (the init check reads them as unwritten).
   */
  private long malloc(String kind, long count, long size, boolean zero, CInsn in) {
    // size_t arguments: past 2^63 (a negative long) or a product that overflows is more than any budget.
    long bytes = count < 0 || size < 0 || Math.multiplyHigh(count, size) != 0 ? -1 : count * size;
    Allocation a = bytes < 0 ? null : host.allocate(kind + " at " + in.span.position(), bytes);
    if (a == null) {
      // NULL, as C's allocators answer; the note says why, since a machine would have given it.
      note(kind + " at " + in.span.position() + " returned NULL: " + (bytes < 0 ? "its size (" + Long.toUnsignedString(count) + " x "
          + Long.toUnsignedString(size) + " bytes) is more than any memory" : host.whyNot(bytes))
          + (host.pastBudget(bytes) ? " (run's --memory raises the budget)" : ""));
      return 0;
    }
    if (!zero) {
      a.fill((byte) 0xCD);
    }
    return host.pointerTo(a);
  }

  /** What allocated a heap block, as its name begins ("new[] at scan.cu:12:5"): malloc, calloc, new, new[], cudaMallocHost, ... */
  private static String allocator(Allocation a) {
    return a.name.substring(0, Math.max(0, a.name.indexOf(" at ")));
  }

  /** What each release takes: free a block of malloc or calloc, delete one of new, delete[] one of new[]. */
  private record Release(String name, java.util.List<String> kinds, String allocator) {}

  private static final Release FREES_MALLOC = new Release("free", java.util.List.of("malloc", "calloc"), "malloc or calloc");
  private static final Release FREES_NEW = new Release("delete", java.util.List.of("new"), "new");
  private static final Release FREES_NEW_ARRAY = new Release("delete[]", java.util.List.of("new[]"), "new[]");

  /** {@code free(p)}, {@code delete p} or {@code delete[] p}: a block its allocator returned, once; NULL does nothing. */
  private int free(long p, Release release, CInsn in) {
    if (p == 0) {
      return CUDA_SUCCESS;
    }
    Allocation a = Ptr.space(p) == Ptr.HOST ? host.get(Ptr.id(p)) : null;
    String kind = a == null ? null : allocator(a);
    if (a == null || Ptr.offset(p) != 0 || !release.kinds().contains(kind)) {
      Release own = a == null || Ptr.offset(p) != 0 ? null : FREES_MALLOC.kinds().contains(kind) ? FREES_MALLOC
          : FREES_NEW.kinds().contains(kind) ? FREES_NEW : FREES_NEW_ARRAY.kinds().contains(kind) ? FREES_NEW_ARRAY : null;
      throw new Fault(Kind.INVALID_ADDRESS, in.span, own != null
          ? release.name() + " of a block " + kind + " returned, which " + own.name() + " frees (a mismatched deallocation)"
          : release.name() + " of a pointer that " + release.allocator() + " did not return");
    }
    if (a.freed) {
      throw new Fault(Kind.USE_AFTER_FREE, in.span, release.name() + " of '" + a.name + "', freed before (a double " + release.name() + ")");
    }
    host.free(a);
    return CUDA_SUCCESS;
  }

  /** The runtime's strings, made in host memory once each: what cudaGetErrorString and cudaGetErrorName return. */
  private final java.util.Map<String, Long> words = new java.util.HashMap<>();

  /**
   * The runtime's words for error {@code code} (cuda_runtime_api.h's, for the errors a run here
   * can return), or its enumerator's name: a pointer to their bytes and a NUL in host memory.
   */
  private long errorWords(boolean name, int code, CInsn in) {
    String text = switch (code) {
      case CUDA_SUCCESS -> name ? "cudaSuccess" : "no error";
      case GpuDevice.ERROR_INVALID_VALUE -> name ? "cudaErrorInvalidValue" : "invalid argument";
      case CUDA_ERROR_MEMORY_ALLOCATION -> name ? "cudaErrorMemoryAllocation" : "out of memory";
      case CUDA_ERROR_INVALID_DEVICE -> name ? "cudaErrorInvalidDevice" : "invalid device ordinal";
      case GpuDevice.ERROR_INVALID_CONFIGURATION -> name ? "cudaErrorInvalidConfiguration" : "invalid configuration argument";
      default -> "unrecognized error code";
    };
    Long p = words.get(text);
    if (p == null) {
      byte[] bytes = (text + "\0").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      Allocation a = host.allocate((name ? "cudaGetErrorName's " : "cudaGetErrorString's ") + "\"" + text + "\"", bytes.length);
      if (a == null) {
        throw new Fault(Kind.OUT_OF_MEMORY, in.span, "the runtime's string '" + text + "': " + host.whyNot(bytes.length));
      }
      for (int i = 0; i < bytes.length; i++) {
        a.store(IrType.I8, i, bytes[i]);
      }
      p = host.pointerTo(a);
      words.put(text, p);
    }
    return p;
  }

  /**
   * The C string at {@code p} for printf's {@code %s}: host memory's bytes up to their NUL (or
   * the allocation's end), as UTF-8; {@code (null)} for a null pointer, as glibc prints it.
   */
  private String cString(long p, CInsn in) {
    if (p == 0) {
      return "(null)";
    }
    Allocation a = hostMemory(p, in, 1);
    int from = (int) Ptr.offset(p);
    int end = from;
    while (end < a.size() && end - from < Printf.RUN_BYTES && a.load(IrType.I8, end) != 0) {
      end++;
    }
    byte[] bytes = new byte[end - from];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) a.load(IrType.I8, from + i);
    }
    return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Whether {@code p} is host memory's: every other pointer a CUDA call gets is the device's to check. */
  private static boolean isHost(long p) {
    return Ptr.space(p) == Ptr.HOST;
  }

  /** The host allocation holding {@code n} bytes from {@code p}, checked as a CUDA call's argument. */
  private Allocation hostRange(long p, CInsn in, long n) {
    return Fault.cudaArgument(host.get(Ptr.id(p)), p, n, in.span);
  }

  /** cudaMemcpy: the direction follows from whose pointers they are (cudaMemcpyDefault). */
  private int copy(CInsn in, long dst, long src, long n) {
    if (isHost(dst) && isHost(src)) {
      Allocation d = hostRange(dst, in, n);
      Allocation s = hostRange(src, in, n);
      int so = (int) Ptr.offset(src);
      int dof = (int) Ptr.offset(dst);
      d.copyFrom(s, so, dof, (int) n);
      device.hostCopied(d, dof, s, so, n);
    } else if (isHost(dst)) {
      device.copyToHost(hostRange(dst, in, n), (int) Ptr.offset(dst), src, n, in.span);
    } else if (isHost(src)) {
      device.checkRange(dst, n, in.span); // the destination first, as cudaMemcpy reports it
      device.copyToDevice(dst, hostRange(src, in, n), (int) Ptr.offset(src), n, in.span);
    } else {
      device.copyOnDevice(dst, src, n, in.span);
    }
    return CUDA_SUCCESS;
  }
}
