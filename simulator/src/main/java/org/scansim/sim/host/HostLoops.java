package org.scansim.sim.host;

import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ACONST_NULL;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.DUP2;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.I2L;
import static org.objectweb.asm.Opcodes.IFEQ;
import static org.objectweb.asm.Opcodes.IFGE;
import static org.objectweb.asm.Opcodes.IFGT;
import static org.objectweb.asm.Opcodes.IFLE;
import static org.objectweb.asm.Opcodes.IFLT;
import static org.objectweb.asm.Opcodes.IFNE;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.L2I;
import static org.objectweb.asm.Opcodes.LADD;
import static org.objectweb.asm.Opcodes.LALOAD;
import static org.objectweb.asm.Opcodes.LAND;
import static org.objectweb.asm.Opcodes.LASTORE;
import static org.objectweb.asm.Opcodes.LCMP;
import static org.objectweb.asm.Opcodes.LCONST_0;
import static org.objectweb.asm.Opcodes.LCONST_1;
import static org.objectweb.asm.Opcodes.LDIV;
import static org.objectweb.asm.Opcodes.LLOAD;
import static org.objectweb.asm.Opcodes.LMUL;
import static org.objectweb.asm.Opcodes.LOR;
import static org.objectweb.asm.Opcodes.LREM;
import static org.objectweb.asm.Opcodes.LSTORE;
import static org.objectweb.asm.Opcodes.LSUB;
import static org.objectweb.asm.Opcodes.LXOR;
import static org.objectweb.asm.Opcodes.POP2;
import static org.objectweb.asm.Opcodes.PUTFIELD;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * Host loops that have run hot, compiled to JVM bytecode (ASM), so that the JIT compiles each
 * loop's instructions as straight code instead of one interpreter dispatch each. A loop is the
 * range of host code from a backward branch's target to the furthest branch back to it; its
 * compiled body holds the instructions {@link HostCode} decodes, and returns to the interpreter
 * at anything else (a call, printf, a CUDA call, a return), at a branch out of the range, and
 * before a block of instructions that would reach the interpreter's {@code guard} (the next
 * wall-clock check or the step budget), so the interpreter runs those one at a time (up to the
 * next block's start, the only places the method is entered) and every budget ends where it
 * always did. Each instruction computes what the interpreter's decoded case computes, through the
 * same loads, stores, {@code rand} and {@code Alu} methods. The loop's registers and its step count
 * live in the method's local variables, which the JIT keeps in machine registers (a loop of nine
 * instructions ran in half the time), its constants are constants of the bytecode (a division by
 * one becomes a multiplication), and both go back to the interpreter's array and fields wherever
 * the method returns, so the interpreter finds the state it expects. A fault (a load or a store
 * out of bounds, a division by zero) ends the run, and nothing reads them after it: the method has
 * no handler to write them back (one cost a loop of two loads a turn a sixth of its time).
 *
 * <p>Not compiled: a loop of more than {@link #MOST_INSTRUCTIONS} instructions or whose method
 * would pass 7,900 bytes of bytecode (the JIT leaves methods of over 8,000 in its interpreter),
 * and the device's code (its dispatch is not what costs: docs/performance.md).
 */
final class HostLoops {
  /** A loop's compiled code: runs from pc (a block's start; anywhere else it returns at once), returns where the interpreter goes on. */
  interface Body {
    int run(HostInterpreter h, HostCode hc, long[] r, int pc);
  }

  /** The most instructions a compiled loop holds (about 20 bytes of bytecode each). */
  static final int MOST_INSTRUCTIONS = 300;
  /** The JIT leaves a method of more bytecode than this in its interpreter ({@code -XX:HugeMethodLimit}, 8,000): such a loop is not used. */
  static final int MOST_CODE_BYTES = 7_900;

  private static final String INTERP = "org/scansim/sim/host/HostInterpreter";
  private static final String CODE = "org/scansim/sim/host/HostCode";
  private static final String RUN = "(L" + INTERP + ";L" + CODE + ";[JI)I";
  private static final String LOAD = "(L" + CODE + ";IJ)J";
  private static final String STORE = "(L" + CODE + ";IJJ)V";
  private static final String ALU = "org/scansim/sim/engine/Alu";
  private static final String OP = "Lorg/scansim/frontend/ir/Op;";
  private static final String TYPE = "Lorg/scansim/frontend/ir/IrType;";
  private static final String CMP = "Lorg/scansim/frontend/ir/Enums$Cmp;";
  // run's locals: 0 this, 1 the interpreter, 2 the code, 3 the registers, 4 the pc; then the steps
  // taken, a divisor, the guard, the steps at entry (longs), the pc to leave at, and the loop's
  // registers (longs)
  private static final int H = 1;
  private static final int HC = 2;
  private static final int R = 3;
  private static final int PC = 4;
  private static final int STEPS = 5;
  private static final int DIVISOR = 7;
  private static final int GUARD = 9;
  private static final int ENTRY = 11;
  private static final int EXIT = 13;
  private static final int FIRST_REGISTER = 14;
  /** The registers a loop holds in local variables at most: their indexes fit in a byte (the access sites' locals after them may not: ASM widens those). */
  private static final int MOST_LOCALS = (255 - FIRST_REGISTER) / 2;

  /** The word loads and stores a loop keeps its own reach of (the rest go through the interpreter's method). */
  private static final int MOST_SITES = 32;
  /** An access site's reach before its first access: no pointer's {@link Ptr#allocation}. */
  private static final long NO_ALLOCATION = -1L;
  private static final String LOOPS = "org/scansim/sim/host/HostLoops";

  /** Loops compiled in this JVM (tests see that the compiled path ran). */
  static final java.util.concurrent.atomic.AtomicInteger COMPILED = new java.util.concurrent.atomic.AtomicInteger();

  private HostLoops() {}

  /** The loop from {@code lo} to {@code hi} (inclusive) compiled; null when it is too large or holds nothing decoded. */
  static Body compile(HostCode hc, int lo, int hi) {
    if (hi - lo + 1 > MOST_INSTRUCTIONS) {
      return null;
    }
    boolean any = false;
    for (int pc = lo; pc <= hi; pc++) {
      any |= hc.op[pc] != HostCode.GENERAL;
    }
    if (!any) {
      return null;
    }
    Writer w = new Writer(hc, lo, hi, MOST_SITES);
    byte[] bytes = w.write();
    if (w.codeBytes > MOST_CODE_BYTES && w.sites > 0) {
      w = new Writer(hc, lo, hi, 0); // a kept site's checks take bytes: without them the loop may still fit
      bytes = w.write();
    }
    if (w.codeBytes > MOST_CODE_BYTES) {
      return null;
    }
    try {
      MethodHandles.Lookup loop = MethodHandles.lookup().defineHiddenClass(bytes, true);
      Body compiled = (Body) loop.findConstructor(loop.lookupClass(), MethodType.methodType(void.class)).invoke();
      COMPILED.incrementAndGet();
      return compiled;
    } catch (Throwable e) {
      return null; // a class the JVM refuses (a defect here, never the program's): the loop stays interpreted
    }
  }

  /** The bytes of bytecode a loop's method takes when it keeps the arrays of at most {@code mostSites} word access sites (for tests). */
  static int codeBytes(HostCode hc, int lo, int hi, int mostSites) {
    Writer w = new Writer(hc, lo, hi, mostSites);
    w.write();
    return w.codeBytes;
  }

  /**
   * The allocation a word access site reached last, as a compiled loop keeps it: its pointers'
   * {@link Ptr#allocation} when it is host memory not freed (what {@code HostInterpreter}'s reach
   * keeps in {@link HostCode#site} for the site), {@link #NO_ALLOCATION} otherwise.
   */
  static long reached(HostCode hc, int at) {
    Allocation a = hc.site[at];
    return a == null || a.freed ? NO_ALLOCATION : Ptr.allocation(Ptr.make(Ptr.HOST, a.id, 0));
  }

  /** Its bytes (null for none: a loop reads them only when {@link #reached} matched a pointer). */
  static byte[] reachedBytes(HostCode hc, int at) {
    Allocation a = hc.site[at];
    return a == null ? null : a.bytes;
  }

  /** Whether the word at byte {@code off} lies in {@code bytes}. */
  static boolean holds(byte[] bytes, long off) {
    return off >= 0 && off <= bytes.length - 4;
  }

  /** The word at {@code off} (which {@link #holds} says is inside), sign-extended. */
  static long loadWord(byte[] bytes, long off) {
    return Allocation.loadWord(bytes, (int) off);
  }

  /** The low 32 bits of v at {@code off}. */
  static void storeWord(byte[] bytes, long off, long v) {
    Allocation.storeWord(bytes, (int) off, (int) v);
  }

  /** An integer division by zero in a compiled loop: {@code Alu}'s fault, as the interpreter raises it. */
  static long divideByZero(HostCode hc, int at, long x) {
    return Alu.binary(hc.code.insns[at], x, 0);
  }

  /** Writes one loop's class. */
  private static final class Writer {
    private final HostCode hc;
    private final int lo;
    private final int hi;
    /** Per pc of the range: the first pc of its block (-1 for an instruction not compiled), and its block's last pc. */
    private final int[] blockStart;
    private final int[] blockEnd;
    private final Label[] start; // a block's first instruction: its steps taken and checked; the only entries
    /** Per register: its local variable in run, or -1 when the loop keeps it in the interpreter's array (or it is a constant). */
    private final int[] local;
    /** The registers held in local variables, and those of them the loop writes (back to the interpreter's array at every way out). */
    private final int[] named;
    private final int[] written;
    /**
     * Per pc of the range: the word access site's number when the loop keeps its reach (the
     * allocation it reached last, and its bytes, in local variables from {@link #siteBase} on: a
     * loop's access reaches one array again and again, and nothing in it frees one), -1 otherwise.
     */
    private final int[] site;
    private int sites;
    /** Locals after the registers: a pointer and its offset (longs), then per site its {@link Ptr#allocation} (a long) and bytes. */
    private final int pointer;
    private final int offset;
    private final int siteBase;
    /** Where run leaves: the written registers and the steps back to the interpreter, then the pc in {@link #EXIT}. */
    private final Label exit = new Label();
    private MethodVisitor mv;
    /** The bytes of run's bytecode, once written. */
    int codeBytes;

    /** A loop's writer that keeps the arrays of at most {@code mostSites} word access sites. */
    Writer(HostCode hc, int lo, int hi, int mostSites) {
      this.hc = hc;
      this.lo = lo;
      this.hi = hi;
      int n = hi - lo + 1;
      blockStart = new int[n];
      blockEnd = new int[n];
      start = new Label[n];
      blocks();
      local = new int[hc.code.registerCount()];
      java.util.Arrays.fill(local, -1);
      int[] uses = new int[local.length];
      boolean[] wrote = new boolean[local.length];
      for (int pc = lo; pc <= hi; pc++) {
        if (blockStart[pc - lo] < 0) {
          continue;
        }
        for (int k : new int[] {hc.a[pc], hc.b[pc]}) {
          if (k >= 0 && !constant(k)) {
            uses[k]++;
          }
        }
        if (writes(pc)) {
          uses[hc.dst[pc]]++;
          wrote[hc.dst[pc]] = true;
        }
      }
      // The most used registers (the lower number first among equals), as many as one-byte local
      // indexes reach; any others stay in the interpreter's array (a loop of hundreds of instructions).
      named = java.util.stream.IntStream.range(0, uses.length).filter(k -> uses[k] > 0).boxed()
          .sorted((x, y) -> uses[x] != uses[y] ? Integer.compare(uses[y], uses[x]) : Integer.compare(x, y))
          .limit(MOST_LOCALS).mapToInt(Integer::intValue).sorted().toArray();
      for (int i = 0; i < named.length; i++) {
        local[named[i]] = FIRST_REGISTER + 2 * i;
      }
      written = java.util.Arrays.stream(named).filter(k -> wrote[k]).toArray();
      site = new int[n];
      java.util.Arrays.fill(site, -1);
      for (int pc = lo; pc <= hi && sites < mostSites; pc++) {
        if (blockStart[pc - lo] >= 0 && wordAccess(pc)) {
          site[pc - lo] = sites++;
        }
      }
      pointer = FIRST_REGISTER + 2 * named.length;
      offset = pointer + 2;
      siteBase = offset + 2;
    }

    /** A load of a 32-bit int or float, or a store of a 32-bit value: through the interpreter's word methods. */
    private boolean wordAccess(int pc) {
      return hc.op[pc] == HostCode.LD && word(pc) || hc.op[pc] == HostCode.ST && (word(pc) || hc.type[pc] == IrType.U32);
    }

    private int siteKey(int s) {
      return siteBase + 3 * s;
    }

    private int siteBytes(int s) {
      return siteBase + 3 * s + 2;
    }

    /** Whether the compiled instruction at pc writes its destination register. */
    private boolean writes(int pc) {
      int o = hc.op[pc];
      return o != HostCode.BR && o != HostCode.CBR && o != HostCode.ST && hc.dst[pc] >= 0;
    }

    /** Whether register k holds one of the function's constants (never written). */
    private boolean constant(int k) {
      return k >= hc.code.firstConstant && k < hc.code.firstConstant + hc.code.constants.length;
    }

    private boolean compiled(int pc) {
      return hc.op[pc] != HostCode.GENERAL;
    }

    /** The blocks: runs of compiled instructions, each from a leader to a branch, the next leader or an instruction not compiled. */
    private void blocks() {
      int n = hi - lo + 1;
      boolean[] leader = new boolean[n];
      leader[0] = true;
      for (int pc = lo; pc <= hi; pc++) {
        int o = hc.op[pc];
        if (o == HostCode.BR || o == HostCode.CBR) {
          mark(leader, hc.target[pc]);
          if (o == HostCode.CBR) {
            mark(leader, hc.elseTarget[pc]);
          }
          mark(leader, pc + 1);
        } else if (o == HostCode.GENERAL) {
          mark(leader, pc + 1);
        }
      }
      int first = -1;
      for (int pc = lo; pc <= hi; pc++) {
        int i = pc - lo;
        if (!compiled(pc)) {
          blockStart[i] = -1;
          first = -1;
          continue;
        }
        if (leader[i] || first < 0) {
          first = pc;
          start[i] = new Label();
        }
        blockStart[i] = first;
      }
      int end = -1;
      for (int pc = hi; pc >= lo; pc--) {
        int i = pc - lo;
        if (blockStart[i] < 0) {
          end = -1;
          continue;
        }
        int o = hc.op[pc];
        if (end < 0 || o == HostCode.BR || o == HostCode.CBR || blockStart[i] != blockStart[end - lo]) {
          end = pc;
        }
        blockEnd[i] = end;
      }
    }

    private void mark(boolean[] leader, int pc) {
      if (pc >= lo && pc <= hi) {
        leader[pc - lo] = true;
      }
    }

    byte[] write() {
      ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
        @Override
        protected String getCommonSuperClass(String a, String b) {
          return "java/lang/Object"; // the method's only reference types are its parameters
        }
      };
      cw.visit(V17, ACC_FINAL | ACC_SUPER, "org/scansim/sim/host/HostLoop", null, "java/lang/Object",
          new String[] {"org/scansim/sim/host/HostLoops$Body"});
      MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
      init.visitCode();
      init.visitVarInsn(ALOAD, 0);
      init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
      init.visitInsn(RETURN);
      init.visitMaxs(0, 0);
      init.visitEnd();

      mv = cw.visitMethod(ACC_PUBLIC, "run", RUN, null, null);
      mv.visitCode();
      // The steps, the guard and the loop's registers into local variables, which the JIT keeps in
      // machine registers; back to the interpreter's fields and array wherever run leaves.
      mv.visitVarInsn(ALOAD, H);
      mv.visitFieldInsn(GETFIELD, INTERP, "steps", "J");
      mv.visitInsn(DUP2);
      mv.visitVarInsn(LSTORE, STEPS);
      mv.visitVarInsn(LSTORE, ENTRY);
      mv.visitVarInsn(ALOAD, H);
      mv.visitFieldInsn(GETFIELD, INTERP, "guard", "J");
      mv.visitVarInsn(LSTORE, GUARD);
      for (int k : named) {
        mv.visitVarInsn(ALOAD, R);
        mv.visitLdcInsn(k);
        mv.visitInsn(LALOAD);
        mv.visitVarInsn(LSTORE, local[k]);
      }
      for (int k = 0; k < sites; k++) {
        mv.visitLdcInsn(NO_ALLOCATION); // a site's first access goes through the interpreter's checks
        mv.visitVarInsn(LSTORE, siteKey(k));
        mv.visitInsn(ACONST_NULL);
        mv.visitVarInsn(ASTORE, siteBytes(k));
      }
      Label leave = new Label();
      Label[] entry = new Label[hi - lo + 1];
      for (int i = 0; i < entry.length; i++) {
        // Entered only at a block's start: inside one (the interpreter ran its first steps before a check)
        // the interpreter runs on to the next block, which keeps the method small.
        entry[i] = start[i] != null ? start[i] : leave;
      }
      mv.visitVarInsn(ILOAD, PC);
      mv.visitTableSwitchInsn(lo, hi, leave, entry);
      mv.visitLabel(leave);
      mv.visitVarInsn(ILOAD, PC);
      mv.visitInsn(IRETURN);
      for (int pc = lo; pc <= hi; pc++) {
        int i = pc - lo;
        if (blockStart[i] < 0) {
          continue;
        }
        if (start[i] != null) {
          mv.visitLabel(start[i]);
          take(blockEnd[i] - pc + 1, pc);
        }
        instruction(pc);
        int o = hc.op[pc];
        if (pc == blockEnd[i] && o != HostCode.BR && o != HostCode.CBR) {
          go(pc + 1); // on to the next block, or back to the interpreter
        }
      }
      mv.visitLabel(exit);
      spill();
      mv.visitVarInsn(ILOAD, EXIT);
      mv.visitInsn(IRETURN);
      Label end = new Label();
      mv.visitLabel(end);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
      cw.visitEnd();
      byte[] bytes = cw.toByteArray();
      codeBytes = end.getOffset();
      return bytes;
    }

    /** A block's steps: back to the interpreter at {@code pc} when they would reach its guard, taken otherwise. */
    private void take(int steps, int pc) {
      Label ok = new Label();
      mv.visitVarInsn(LLOAD, STEPS);
      mv.visitLdcInsn((long) steps);
      mv.visitInsn(LADD);
      mv.visitVarInsn(LLOAD, GUARD);
      mv.visitInsn(LCMP);
      mv.visitJumpInsn(IFLT, ok);
      leave(pc);
      mv.visitLabel(ok);
      mv.visitVarInsn(LLOAD, STEPS);
      mv.visitLdcInsn((long) steps);
      mv.visitInsn(LADD);
      mv.visitVarInsn(LSTORE, STEPS);
    }

    /** The written registers to the interpreter's array, the steps taken to its fields. */
    private void spill() {
      for (int k : written) {
        spill(k);
      }
      mv.visitVarInsn(ALOAD, H);
      mv.visitVarInsn(LLOAD, STEPS);
      mv.visitFieldInsn(PUTFIELD, INTERP, "steps", "J");
      mv.visitVarInsn(ALOAD, H);
      mv.visitInsn(DUP);
      mv.visitFieldInsn(GETFIELD, INTERP, "compiledSteps", "J");
      mv.visitVarInsn(LLOAD, STEPS);
      mv.visitVarInsn(LLOAD, ENTRY);
      mv.visitInsn(LSUB);
      mv.visitInsn(LADD);
      mv.visitFieldInsn(PUTFIELD, INTERP, "compiledSteps", "J");
    }

    /** Register k, held in a local variable, to the interpreter's array. */
    private void spill(int k) {
      mv.visitVarInsn(ALOAD, R);
      mv.visitLdcInsn(k);
      mv.visitVarInsn(LLOAD, local[k]);
      mv.visitInsn(LASTORE);
    }

    /** Control at {@code pc}: its block when it is compiled in this loop, the interpreter otherwise. */
    private void go(int pc) {
      if (pc >= lo && pc <= hi && start[pc - lo] != null) {
        mv.visitJumpInsn(GOTO, start[pc - lo]);
      } else {
        leave(pc);
      }
    }

    private void leave(int pc) {
      mv.visitLdcInsn(pc);
      mv.visitVarInsn(ISTORE, EXIT);
      mv.visitJumpInsn(GOTO, exit);
    }

    /** Register {@code index}'s value onto the stack: a constant itself, else from its local variable or the interpreter's array. */
    private void reg(int index) {
      if (constant(index)) {
        mv.visitLdcInsn(hc.code.constants[index - hc.code.firstConstant]); // never written: the JIT folds it
      } else if (local[index] >= 0) {
        mv.visitVarInsn(LLOAD, local[index]);
      } else {
        mv.visitVarInsn(ALOAD, R);
        mv.visitLdcInsn(index);
        mv.visitInsn(LALOAD);
      }
    }

    /** Ends {@code r[d] = ...}: the value on the stack into register d. */
    private void put(int d) {
      if (local[d] >= 0) {
        mv.visitVarInsn(LSTORE, local[d]);
      } else {
        mv.visitVarInsn(LSTORE, DIVISOR); // free between instructions
        mv.visitVarInsn(ALOAD, R);
        mv.visitLdcInsn(d);
        mv.visitVarInsn(LLOAD, DIVISOR);
        mv.visitInsn(LASTORE);
      }
    }

    private void binary(int pc, int opcode, boolean int32) {
      reg(hc.a[pc]);
      reg(hc.b[pc]);
      mv.visitInsn(opcode);
      if (int32) {
        narrow();
      }
      put(hc.dst[pc]);
    }

    /** The low 32 bits, sign-extended. */
    private void narrow() {
      mv.visitInsn(L2I);
      mv.visitInsn(I2L);
    }

    private void compare(int pc, int ifTrue) {
      Label yes = new Label();
      Label done = new Label();
      reg(hc.a[pc]);
      reg(hc.b[pc]);
      mv.visitInsn(LCMP);
      mv.visitJumpInsn(ifTrue, yes);
      mv.visitInsn(LCONST_0);
      mv.visitJumpInsn(GOTO, done);
      mv.visitLabel(yes);
      mv.visitInsn(LCONST_1);
      mv.visitLabel(done);
      put(hc.dst[pc]);
    }

    private void divide(int pc, int opcode) {
      Label nonzero = new Label();
      reg(hc.b[pc]);
      mv.visitVarInsn(LSTORE, DIVISOR);
      mv.visitVarInsn(LLOAD, DIVISOR);
      mv.visitInsn(LCONST_0);
      mv.visitInsn(LCMP);
      mv.visitJumpInsn(IFNE, nonzero);
      mv.visitVarInsn(ALOAD, HC);
      mv.visitLdcInsn(pc);
      reg(hc.a[pc]);
      mv.visitMethodInsn(INVOKESTATIC, "org/scansim/sim/host/HostLoops", "divideByZero", "(L" + CODE + ";IJ)J", false);
      mv.visitInsn(POP2); // never reached: it throws
      mv.visitLabel(nonzero);
      reg(hc.a[pc]);
      mv.visitVarInsn(LLOAD, DIVISOR);
      mv.visitInsn(opcode);
      narrow();
      put(hc.dst[pc]);
    }

    /**
     * A load or a store through the interpreter's own method (host memory checked as it checks it);
     * a word access whose site the loop keeps goes straight to the bytes of the allocation the site
     * reached last when the pointer is into it and the word within it, and otherwise through the
     * method, after which the site keeps what the interpreter's reach kept.
     */
    private void access(int pc, String method, boolean store) {
      int k = site[pc - lo];
      if (k >= 0) {
        Label slow = new Label();
        Label done = new Label();
        reg(hc.a[pc]);
        mv.visitVarInsn(LSTORE, pointer);
        mv.visitVarInsn(LLOAD, pointer);
        mv.visitMethodInsn(INVOKESTATIC, "org/scansim/sim/memory/Ptr", "allocation", "(J)J", false);
        mv.visitVarInsn(LLOAD, siteKey(k));
        mv.visitInsn(LCMP);
        mv.visitJumpInsn(IFNE, slow);
        mv.visitVarInsn(LLOAD, pointer);
        mv.visitMethodInsn(INVOKESTATIC, "org/scansim/sim/memory/Ptr", "offset", "(J)J", false);
        mv.visitVarInsn(LSTORE, offset);
        mv.visitVarInsn(ALOAD, siteBytes(k));
        mv.visitVarInsn(LLOAD, offset);
        mv.visitMethodInsn(INVOKESTATIC, LOOPS, "holds", "([BJ)Z", false);
        mv.visitJumpInsn(IFEQ, slow);
        mv.visitVarInsn(ALOAD, siteBytes(k));
        mv.visitVarInsn(LLOAD, offset);
        if (store) {
          reg(hc.b[pc]);
          mv.visitMethodInsn(INVOKESTATIC, LOOPS, "storeWord", "([BJJ)V", false);
        } else {
          mv.visitMethodInsn(INVOKESTATIC, LOOPS, "loadWord", "([BJ)J", false);
          put(hc.dst[pc]);
        }
        mv.visitJumpInsn(GOTO, done);
        mv.visitLabel(slow);
        mv.visitVarInsn(ALOAD, H);
        mv.visitVarInsn(ALOAD, HC);
        mv.visitLdcInsn(pc);
        mv.visitVarInsn(LLOAD, pointer);
        if (store) {
          reg(hc.b[pc]);
        }
        mv.visitMethodInsn(INVOKEVIRTUAL, INTERP, method, store ? STORE : LOAD, false);
        if (!store) {
          put(hc.dst[pc]);
        }
        mv.visitVarInsn(ALOAD, HC);
        mv.visitLdcInsn(pc);
        mv.visitMethodInsn(INVOKESTATIC, LOOPS, "reached", "(L" + CODE + ";I)J", false);
        mv.visitVarInsn(LSTORE, siteKey(k));
        mv.visitVarInsn(ALOAD, HC);
        mv.visitLdcInsn(pc);
        mv.visitMethodInsn(INVOKESTATIC, LOOPS, "reachedBytes", "(L" + CODE + ";I)[B", false);
        mv.visitVarInsn(ASTORE, siteBytes(k));
        mv.visitLabel(done);
        return;
      }
      mv.visitVarInsn(ALOAD, H);
      mv.visitVarInsn(ALOAD, HC);
      mv.visitLdcInsn(pc);
      reg(hc.a[pc]);
      if (store) {
        reg(hc.b[pc]);
      }
      mv.visitMethodInsn(INVOKEVIRTUAL, INTERP, method, store ? STORE : LOAD, false);
      if (!store) {
        put(hc.dst[pc]);
      }
    }

    /**
     * {@code r[d] = Alu.method(first, second, r[a] [, r[b]])}: {@code Alu}'s own method, its two enum
     * arguments (an operation, a type, a comparison) constants the JIT folds.
     */
    private void alu(int pc, String method, String first, String firstName, String second, String secondName, boolean both) {
      constant(first, firstName);
      constant(second, secondName);
      reg(hc.a[pc]);
      if (both) {
        reg(hc.b[pc]);
      }
      mv.visitMethodInsn(INVOKESTATIC, ALU, method, "(" + first + second + (both ? "JJ)J" : "J)J"), false);
      put(hc.dst[pc]);
    }

    /** An enum constant (an operation, a type, a comparison) for {@code Alu}'s own methods, which the JIT folds. */
    private void constant(String descriptor, String name) {
      mv.visitFieldInsn(GETSTATIC, descriptor.substring(1, descriptor.length() - 1), name, descriptor);
    }

    /** A 32-bit int or float: loaded sign-extended, as a register holds them. */
    private boolean word(int pc) {
      return hc.type[pc] == IrType.I32 || hc.type[pc] == IrType.F32;
    }

    /** One decoded instruction: what the interpreter's case for it computes. */
    private void instruction(int pc) {
      switch (hc.op[pc]) {
        case HostCode.BR -> go(hc.target[pc]);
        case HostCode.CBR -> {
          Label taken = new Label();
          reg(hc.a[pc]);
          mv.visitInsn(LCONST_0);
          mv.visitInsn(LCMP);
          mv.visitJumpInsn(IFNE, taken);
          go(hc.elseTarget[pc]);
          mv.visitLabel(taken);
          go(hc.target[pc]);
        }
        case HostCode.MOV -> {
          reg(hc.a[pc]);
          put(hc.dst[pc]);
        }
        case HostCode.ADD64 -> binary(pc, LADD, false);
        case HostCode.SUB64 -> binary(pc, LSUB, false);
        case HostCode.MUL64 -> binary(pc, LMUL, false);
        case HostCode.ADD32 -> binary(pc, LADD, true);
        case HostCode.SUB32 -> binary(pc, LSUB, true);
        case HostCode.MUL32 -> binary(pc, LMUL, true);
        case HostCode.AND64 -> binary(pc, LAND, false);
        case HostCode.OR64 -> binary(pc, LOR, false);
        case HostCode.XOR64 -> binary(pc, LXOR, false);
        case HostCode.AND32 -> binary(pc, LAND, true);
        case HostCode.OR32 -> binary(pc, LOR, true);
        case HostCode.XOR32 -> binary(pc, LXOR, true);
        case HostCode.DIV32 -> divide(pc, LDIV);
        case HostCode.REM32 -> divide(pc, LREM);
        case HostCode.LT -> compare(pc, IFLT);
        case HostCode.LE -> compare(pc, IFLE);
        case HostCode.GT -> compare(pc, IFGT);
        case HostCode.GE -> compare(pc, IFGE);
        case HostCode.EQ -> compare(pc, IFEQ);
        case HostCode.NE -> compare(pc, IFNE);
        case HostCode.PTR_ADD -> {
          reg(hc.a[pc]);
          reg(hc.b[pc]);
          mv.visitLdcInsn(hc.scale[pc]);
          mv.visitInsn(LMUL);
          mv.visitMethodInsn(INVOKESTATIC, "org/scansim/sim/memory/Ptr", "add", "(JJ)J", false);
          put(hc.dst[pc]);
        }
        case HostCode.TO_I32 -> {
          reg(hc.a[pc]);
          narrow();
          put(hc.dst[pc]);
        }
        case HostCode.RAND -> {
          mv.visitVarInsn(ALOAD, H);
          if (hc.type[pc] == IrType.I32) {
            mv.visitMethodInsn(INVOKEVIRTUAL, INTERP, "randInt", "()J", false);
          } else {
            mv.visitVarInsn(ALOAD, HC);
            mv.visitLdcInsn(pc);
            mv.visitMethodInsn(INVOKEVIRTUAL, INTERP, "rand", "(L" + CODE + ";I)J", false);
          }
          put(hc.dst[pc]);
        }
        case HostCode.FLOAT -> alu(pc, "floatBinary", OP, hc.code.insns[pc].op.name(), TYPE, hc.type[pc].name(), true);
        case HostCode.CMP -> alu(pc, "compare", TYPE, hc.type[pc].name(), CMP, hc.code.insns[pc].ir.cmp().name(), true);
        case HostCode.CONVERT -> alu(pc, "convert", TYPE, hc.type[pc].name(), TYPE, hc.code.insns[pc].srcType.name(), false);
        case HostCode.MATH -> {
          for (int k : hc.code.insns[pc].args) {
            if (local[k] >= 0) {
              spill(k); // the library call reads its arguments from the interpreter's array
            }
          }
          mv.visitVarInsn(ALOAD, H);
          mv.visitVarInsn(ALOAD, HC);
          mv.visitVarInsn(ALOAD, R);
          mv.visitLdcInsn(pc);
          mv.visitMethodInsn(INVOKEVIRTUAL, INTERP, "math", "(L" + CODE + ";[JI)J", false);
          put(hc.dst[pc]);
        }
        case HostCode.LD -> access(pc, word(pc) ? "loadWordAt" : "loadAt", false);
        case HostCode.ST -> access(pc, word(pc) || hc.type[pc] == IrType.U32 ? "storeWordAt" : "storeAt", true);
        default -> throw new IllegalStateException("host op " + hc.op[pc] + " is not compiled"); // blocks hold decoded ones only
      }
    }
  }
}
