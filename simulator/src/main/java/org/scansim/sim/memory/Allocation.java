package org.scansim.sim.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.scansim.frontend.ir.IrType;

/**
 * One block of simulated memory: a cudaMalloc'd buffer, a {@code __shared__} array of one block,
 * a local array of one thread, a host variable. Little-endian bytes, as on the GPU, plus one
 * taint byte per 4-byte word (a byte, not a bit, so blocks running on different cores never
 * share a word of it) that marks values derived from the scan's input (how work is counted,
 * docs/engine.md, "What a report counts").
 */
public final class Allocation {
  private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  public final String name;
  public final int space;
  public final byte[] bytes;
  /**
   * The bytes as little-endian words, for bulk copies, made when first needed (only absolute gets
   * and puts: safe from several threads; two threads that both make it make equal views).
   */
  private volatile java.nio.IntBuffer words;
  /** Byte address of this allocation within its space (shared memory: for bank computation). */
  public final int base;
  /** Null where the run keeps no taint for this memory ({@link Heap#keepNoTaint}). */
  private byte[] taint;
  public boolean freed;
  /** The id pointers carry for this allocation (set by its {@link Heap}). */
  public int id;
  /** The checkers' per-word state, or null when no checker runs. */
  public Shadow shadow;
  /** Written before any kernel runs (module variables): never an uninitialised read. */
  public boolean definedAtStart;
  /** The variable it holds, to name its fields in messages ({@link org.scansim.frontend.ir.MemoryVar#element}); null for cudaMalloc's. */
  public org.scansim.frontend.ir.MemoryVar variable;

  public Allocation(String name, int space, int size, int base) {
    this(name, space, size, base, true);
  }

  /**
   * Without {@code taint}, every word of it reads as not derived from the input and marks written
   * to it are dropped: a whole program's host memory, whose taint nothing reads (each copy from
   * the host to the device marks what it copies as the input).
   */
  public Allocation(String name, int space, int size, int base, boolean taint) {
    this.name = name;
    this.space = space;
    this.bytes = new byte[size];
    this.base = base;
    this.taint = taint ? new byte[size / 4 + 1] : null;
  }

  public int size() {
    return bytes.length;
  }

  /** Reads a value of type t at byte offset off, normalised as registers hold it. */
  public long load(IrType t, int off) {
    return switch (t) {
      case PRED -> bytes[off] != 0 ? 1 : 0;
      case I8 -> bytes[off];
      case U8 -> bytes[off] & 0xFF;
      case I16 -> (short) I16.get(bytes, off);
      case U16 -> ((short) I16.get(bytes, off)) & 0xFFFF;
      case I32, F32 -> (int) I32.get(bytes, off);
      case U32 -> ((int) I32.get(bytes, off)) & 0xFFFF_FFFFL;
      case I64, U64, F64, PTR -> (long) I64.get(bytes, off);
    };
  }

  public void store(IrType t, int off, long v) {
    switch (t) {
      case PRED, I8, U8 -> bytes[off] = (byte) v;
      case I16, U16 -> I16.set(bytes, off, (short) v);
      case I32, U32, F32 -> I32.set(bytes, off, (int) v);
      case I64, U64, F64, PTR -> I64.set(bytes, off, v);
    }
  }

  /** The 32-bit word at byte offset off, sign-extended (I32 and F32 as registers hold them). */
  public long loadWord(int off) {
    return loadWord(bytes, off);
  }

  public void storeWord(int off, int v) {
    storeWord(bytes, off, v);
  }

  /** {@link #loadWord(int)} on an allocation's bytes (a compiled host loop holds them itself). */
  public static long loadWord(byte[] bytes, int off) {
    return (int) I32.get(bytes, off);
  }

  /** {@link #storeWord(int, int)} on an allocation's bytes. */
  public static void storeWord(byte[] bytes, int off, int v) {
    I32.set(bytes, off, v);
  }

  /** The taint bytes, one per 4-byte word: for the engine's single-allocation fast path. */
  public byte[] taintWords() {
    if (taint == null) {
      taint = new byte[bytes.length / 4 + 1]; // from now on kept (the engine reaches device and shared memory only)
    }
    return taint;
  }

  public boolean tainted(int off) {
    return taint != null && taint[off >>> 2] != 0;
  }

  public void setTaint(int off, int size, boolean on) {
    if (taint != null) {
      Arrays.fill(taint, off >>> 2, ((off + size - 1) >>> 2) + 1, on ? (byte) 1 : 0);
    }
  }

  /**
   * Words {@code first} to {@code first + n - 1} (from byte 4 × first on) into {@code into[0..n-1]},
   * at once. A host loop over a buffer reads it so, a chunk at a time: a call for each word costs
   * about a microsecond while Java still interprets the loop, and 20 ns in its first compiled code.
   */
  public void loadWords(int first, int[] into, int n) {
    wordView().get(first, into, 0, n);
  }

  /** {@code from[0..n-1]} into words {@code first} to {@code first + n - 1}, at once (as {@link #loadWords}). */
  public void storeWords(int first, int[] from, int n) {
    wordView().put(first, from, 0, n);
  }

  private java.nio.IntBuffer wordView() {
    java.nio.IntBuffer w = words;
    if (w == null) {
      w = words = java.nio.ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
    }
    return w;
  }

  /** Words of this allocation (a partial last word counts). */
  public int words() {
    return (bytes.length + 3) >>> 2;
  }

  public void fill(byte value) {
    fill(0, bytes.length, value);
  }

  /**
   * Sets bytes {@code from..to-1} to {@code value}: a large range by copying what is filled over
   * the rest, doubling (a copy is as fast before the JIT has compiled anything, when a fill loop
   * runs a byte at a time: the 64 MB buffers of a run at 2^24 are filled as it starts).
   */
  public void fill(int from, int to, byte value) {
    int n = to - from;
    if (n <= 4096) {
      Arrays.fill(bytes, from, to, value);
      return;
    }
    Arrays.fill(bytes, from, from + 4096, value);
    for (int done = 4096; done < n; done += done) {
      System.arraycopy(bytes, from, bytes, from + done, Math.min(done, n - done));
    }
  }

  /** cudaMemcpy: {@code n} bytes from byte {@code from} of {@code src} to byte {@code to} of this one, with their taint. */
  public void copyFrom(Allocation src, int from, int to, int n) {
    System.arraycopy(src.bytes, from, bytes, to, n);
    if (taint == null) {
      return;
    }
    if ((from & 3) == 0 && (to & 3) == 0) { // word to word: the taint bytes (0 or 1) copied as they are
      int words = (n + 3) >>> 2;
      if (src.taint != null) {
        System.arraycopy(src.taint, from >>> 2, taint, to >>> 2, words);
      } else {
        Arrays.fill(taint, to >>> 2, (to >>> 2) + words, (byte) 0);
      }
      return;
    }
    for (int i = 0; i < n; i += 4) {
      setTaint(to + i, 1, src.tainted(from + i));
    }
  }

  /** cudaMemset: {@code n} bytes from byte {@code off} set to {@code value}, no longer derived from the input. */
  public void set(int off, int n, byte value) {
    fill(off, off + n, value);
    setTaint(off, Math.max(1, n), false);
  }

  /** As new, filled with {@code value}: for a block's shared memory when its executor runs the next block. */
  public void reset(byte value) {
    Arrays.fill(bytes, value);
    if (taint != null) {
      Arrays.fill(taint, (byte) 0);
    }
    shadow = null;
    freed = false;
    definedAtStart = false;
  }

  /**
   * The element at byte {@code offset} for an access of {@code size} bytes, as a message names it:
   * {@code buffer[3].first} in an array of structs, {@code in[7]} otherwise.
   */
  public String element(long offset, int size) {
    return variable != null && variable.layout() != null ? name + variable.element(offset)
        : name + "[" + Math.floorDiv(offset, Math.max(1, size)) + "]";
  }
}
