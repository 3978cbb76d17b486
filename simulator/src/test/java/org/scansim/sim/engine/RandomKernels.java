package org.scansim.sim.engine;

/**
 * Random kernels of the shapes scan kernels are made of, for the differential fuzz of the
 * engine's fast paths ({@link EngineFuzzTest}): tree loops up and down with and without padding,
 * Hillis and Steele's double-buffered steps, warp shuffles, shared atomics, branches on the
 * thread, the block and the data, loops whose turns differ from lane to lane, barriers (now and
 * then one that only some threads reach), shared indices from the thread, the block or the data
 * (now and then past the array's end), threads that return early, loops left by break and
 * continue, integer and unsigned arithmetic on a shared int array, global atomics (blocks that
 * communicate), and global stores that other blocks may overwrite. Some are what a student's
 * buggy kernel does, undefined in CUDA but defined by the simulator (the reference and the
 * shortcuts must agree on them too): a full-mask shuffle or {@code __syncwarp} in divergent code,
 * after an early return or in a partial warp, signed overflow, a float converted out of an int's
 * range. Each block owns 2 x block elements of the input, as Harris's scan's blocks do, so that a
 * run on two threads stays on two unless a statement reads or writes another block's. Each is a
 * whole file with {@code entry(const float *in, float *out, int n)}, as {@code Fingerprints} runs
 * it; the same seed gives the same text.
 */
public final class RandomKernels extends GeneratedSource {
  private final int block;
  private int statements;
  /** Loops around the statement being made (a break or continue needs one). */
  private int loops;

  private RandomKernels(long seed) {
    super(seed);
    int[] sizes = {32, 48, 64, 96, 128, 256};
    this.block = sizes[rnd.nextInt(sizes.length)];
  }

  /** The kernel file of one seed. */
  public static String kernel(long seed) {
    return new RandomKernels(seed).file();
  }

  /** The kernel of one seed compiled (a generator's mistake fails with the file). */
  public static org.scansim.frontend.Frontend.Result compiled(long seed) {
    return ReplayKernels.compiled("fuzz" + seed + ".cu", kernel(seed));
  }

  /** The n a seed's kernel runs over: one element, a partial block, several blocks, more. */
  public static int size(long seed) {
    int[] sizes = {1, 33, 1000, 3000};
    return sizes[(int) Math.floorMod(seed, (long) sizes.length)];
  }

  private String file() {
    line(0, "__global__ void k(const float *in, float *out, int n) {");
    line(1, "__shared__ float s[1024];");
    line(1, "__shared__ int c[32];");
    line(1, "__shared__ int si[256];");
    line(1, "int t = threadIdx.x;");
    line(1, "int b = blockIdx.x;");
    line(1, "int g = b * " + (2 * block) + " + t;"); // each block its own 2 x block elements
    line(1, "int lane = t & 31;");
    line(1, "float acc = 0.0f;");
    line(1, "int ic = t;");
    line(1, "s[t] = g < n ? in[g] : 0.0f;");
    line(1, "s[t + " + block + "] = g + " + block + " < n ? in[g + " + block + "] : 1.0f;");
    line(1, "if (t < 32) c[t] = 0;");
    line(1, "si[t & 255] = t * 3;");
    line(1, "__syncthreads();");
    int count = 3 + rnd.nextInt(6);
    for (int i = 0; i < count; i++) {
      statement(1, 0, true);
    }
    line(1, "__syncthreads();");
    line(1, "if (g < n) out[g] = acc + s[t] + (float)ic + (float)c[lane] + (float)si[t & 255];");
    line(1, "if (g + " + block + " < n) out[g + " + block + "] = s[t + " + block + "];");
    line(0, "}");
    line(0, "void entry(const float *in, float *out, int n) {");
    line(1, "k<<<(n + " + (2 * block - 1) + ") / " + (2 * block) + ", " + block + ">>>(in, out, n);");
    if (rnd.nextInt(4) == 0) { // again over the output, in place, on the first half of the blocks
      line(1, "k<<<(n + " + (4 * block - 1) + ") / " + (4 * block) + ", " + block + ">>>(out, out, n);");
    }
    line(0, "}");
    return out.toString();
  }

  /**
   * One statement at an indentation; {@code uniform} when every thread of the block reaches it
   * alike (barriers and shuffles go there, and only now and then elsewhere).
   */
  private void statement(int indent, int depth, boolean uniform) {
    statements++;
    int kinds = depth >= 2 || statements > 40 ? 6 : 18;
    switch (rnd.nextInt(kinds)) {
      case 0 -> line(indent, "acc " + pick("=", "+=", "-=") + " " + floatExpr(2) + ";");
      case 1 -> line(indent, "ic " + pick("=", "^=", "+=", "|=") + " " + intExpr(2) + ";");
      case 2 -> line(indent, "s[" + index() + "] = " + floatExpr(2) + ";");
      case 3 -> line(indent, "s[" + index() + "] += " + floatExpr(1) + ";");
      case 4 -> line(indent, "atomicAdd(&c[" + intExpr(1) + " & 31], " + pick("1", "ic & 3", "lane") + ");");
      case 5 -> {
        if (uniform || rnd.nextInt(12) == 0) {
          line(indent, "__syncthreads();");
        } else {
          line(indent, "acc += (float)lane;");
        }
      }
      case 6 -> {
        line(indent, "if (" + condition() + ") {");
        block(indent + 1, depth + 1, false);
        if (rnd.nextBoolean()) {
          line(indent, "} else {");
          block(indent + 1, depth + 1, false);
        }
        line(indent, "}");
      }
      case 7 -> treeUp(indent, uniform);
      case 8 -> treeDown(indent, uniform);
      case 9 -> hillisSteele(indent, uniform);
      case 10 -> {
        String j = name("j");
        line(indent, "for (int " + j + " = 0; " + j + " < (" + intExpr(1) + " & 3); " + j + "++) {");
        line(indent + 1, "ic += " + j + ";");
        if (rnd.nextBoolean()) {
          line(indent + 1, "if (" + condition() + ") " + pick("break;", "continue;"));
        }
        loops++;
        block(indent + 1, depth + 1, false);
        loops--;
        line(indent, "}");
      }
      case 11 -> {
        if ((uniform && block % 32 == 0) || rnd.nextInt(15) == 0) {
          String f = pick("__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__shfl_sync");
          line(indent, "acc += " + f + "(0xffffffff, acc, " + (1 + rnd.nextInt(16)) + ");");
        } else {
          line(indent, "acc *= 0.5f;");
        }
      }
      case 13 -> line(indent, "si[" + intExpr(2) + " & 255] " + pick("=", "+=", "^=") + " " + intExpr(2) + ";");
      case 14 -> line(indent, "ic " + pick("+=", "^=", "=") + " si[" + intExpr(2) + " & 255]" + pick("", " >> 1", " * ic") + ";");
      case 15 -> {
        if (loops > 0 && rnd.nextBoolean()) {
          line(indent, "if (" + condition() + ") " + pick("break;", "continue;"));
        } else if (depth == 0 && rnd.nextBoolean()) {
          line(indent, "if (t >= " + (block / 2 + rnd.nextInt(block / 2 + 1)) + ") return;");
        } else {
          line(indent, "ic = (int)((unsigned)ic " + pick(">>", "/", "%") + " " + (1 + rnd.nextInt(7)) + "u);");
        }
      }
      case 16 -> {
        if (rnd.nextInt(6) == 0) {
          line(indent, "atomicAdd(&out[min(max(" + intExpr(1) + ", 0), n - 1)], 1.0f);");
        } else {
          line(indent, "acc = " + floatExpr(1) + " " + pick("<", ">=", "==") + " " + floatExpr(1) + " ? acc : -acc;");
        }
      }
      default -> {
        if (rnd.nextInt(3) == 0) {
          line(indent, "{ int o = " + intExpr(1) + "; if (o >= 0 && o < n) out[o] = " + floatExpr(1) + "; }");
        } else {
          line(indent, "if (g < n) out[g] = " + floatExpr(2) + ";");
        }
      }
    }
  }

  private void block(int indent, int depth, boolean uniform) {
    int count = 1 + rnd.nextInt(3);
    for (int i = 0; i < count; i++) {
      statement(indent, depth, uniform);
    }
  }

  /** Harris's up-sweep over 2 x block elements, with or without the padding shift. */
  private void treeUp(int indent, boolean uniform) {
    String d = name("d");
    String off = name("offset");
    String pad = rnd.nextBoolean() ? " >> 5" : " >> 4";
    boolean padded = rnd.nextBoolean();
    line(indent, "{ int " + off + " = 1;");
    line(indent, "for (int " + d + " = " + block + "; " + d + " > 0; " + d + " >>= 1) {");
    line(indent + 1, uniform || rnd.nextInt(8) == 0 ? "__syncthreads();" : "acc += 1.0f;");
    line(indent + 1, "if (t < " + d + ") {");
    line(indent + 2, "int ai = " + off + " * (2 * t + 1) - 1;");
    line(indent + 2, "int bi = " + off + " * (2 * t + 2) - 1;");
    if (padded) {
      line(indent + 2, "ai += ai" + pad + ";");
      line(indent + 2, "bi += bi" + pad + ";");
    }
    line(indent + 2, "s[bi & 1023] " + pick("+=", "+=", "-=") + " s[ai & 1023];");
    line(indent + 1, "}");
    line(indent + 1, off + " *= 2;");
    line(indent, "} }");
  }

  /** Harris's down-sweep: the exchange and add of each level, from the root down. */
  private void treeDown(int indent, boolean uniform) {
    String d = name("d");
    String off = name("offset");
    line(indent, "{ int " + off + " = " + (2 * block) + ";");
    line(indent, "for (int " + d + " = 1; " + d + " < " + (2 * block) + "; " + d + " *= 2) {");
    line(indent + 1, off + " >>= 1;");
    line(indent + 1, uniform || rnd.nextInt(8) == 0 ? "__syncthreads();" : "ic += 1;");
    line(indent + 1, "if (t < " + d + ") {");
    line(indent + 2, "int ai = " + off + " * (2 * t + 1) - 1;");
    line(indent + 2, "int bi = " + off + " * (2 * t + 2) - 1;");
    line(indent + 2, "float x = s[ai & 1023];");
    line(indent + 2, "s[ai & 1023] = s[bi & 1023];");
    line(indent + 2, "s[bi & 1023] += x;");
    line(indent + 1, "}");
    line(indent, "} }");
  }

  /** Hillis and Steele's inclusive scan over the block's first elements, each step read then written. */
  private void hillisSteele(int indent, boolean uniform) {
    String d = name("d");
    line(indent, "for (int " + d + " = 1; " + d + " < " + block + "; " + d + " *= 2) {");
    line(indent + 1, "float v = t >= " + d + " ? s[t - " + d + "] : 0.0f;");
    line(indent + 1, uniform ? "__syncthreads();" : "__syncwarp();");
    line(indent + 1, "s[t] += v;");
    line(indent + 1, uniform ? "__syncthreads();" : "acc += v;");
    line(indent, "}");
  }

  private String condition() {
    return switch (rnd.nextInt(8)) {
      case 0 -> "t < " + rnd.nextInt(block + 1);
      case 1 -> "(t & " + ((1 << rnd.nextInt(6)) - 1) + ") == 0";
      case 2 -> "lane < " + rnd.nextInt(33);
      case 3 -> "b % 3 == " + rnd.nextInt(3);
      case 4 -> "s[" + index() + "] > " + rnd.nextInt(4) + ".0f";
      case 5 -> "(ic & " + (1 + rnd.nextInt(7)) + ") != 0";
      case 6 -> "g < n";
      default -> intExpr(1) + " < " + intExpr(1);
    };
  }

  /** A shared index: in the array nearly always, now and then past its end (a fault). */
  private String index() {
    return rnd.nextInt(40) == 0 ? "(" + intExpr(1) + ") & 2047" : "(" + intExpr(2) + ") & 1023";
  }

  private String intExpr(int depth) {
    int leaves = 7;
    int choice = rnd.nextInt(depth <= 0 ? leaves : leaves + 5);
    return switch (choice) {
      case 0 -> "t";
      case 1 -> "b";
      case 2 -> "g";
      case 3 -> "lane";
      case 4 -> "ic";
      case 5 -> Integer.toString(rnd.nextInt(10));
      case 6 -> "(t >> 5)";
      case 7 -> "(" + intExpr(depth - 1) + " " + pick("+", "-", "*", "&", "|", "^") + " " + intExpr(depth - 1) + ")";
      case 8 -> "(" + intExpr(depth - 1) + " " + pick(">>", "<<") + " " + rnd.nextInt(5) + ")";
      case 9 -> pick("min", "max") + "(" + intExpr(depth - 1) + ", " + intExpr(depth - 1) + ")";
      case 10 -> "(int)" + floatExpr(0);
      default -> "(" + intExpr(depth - 1) + " % " + (1 + rnd.nextInt(9)) + ")";
    };
  }

  private String floatExpr(int depth) {
    int leaves = 4;
    int choice = rnd.nextInt(depth <= 0 ? leaves : leaves + 5);
    return switch (choice) {
      case 0 -> "acc";
      case 1 -> "s[" + index() + "]";
      case 2 -> pick("0.5f", "1.0f", "2.0f", "3.0f", "-1.0f");
      case 3 -> "(float)" + pick("t", "lane", "ic", "b");
      case 4 -> "(" + floatExpr(depth - 1) + " " + pick("+", "-", "*") + " " + floatExpr(depth - 1) + ")";
      case 5 -> "in[min(max(" + intExpr(depth - 1) + ", 0), n - 1)]";
      case 6 -> pick("fmaxf", "fminf") + "(" + floatExpr(depth - 1) + ", " + floatExpr(depth - 1) + ")";
      case 7 -> "(" + condition() + " ? " + floatExpr(depth - 1) + " : " + floatExpr(depth - 1) + ")";
      default -> "(float)(" + intExpr(depth - 1) + ")";
    };
  }
}
