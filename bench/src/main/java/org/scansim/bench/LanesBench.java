package org.scansim.bench;

import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Lanes;
import org.scansim.sim.memory.Ptr;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;

/**
 * One warp-wide instruction of the interpreter's specialised lane loops ({@link Lanes#run}): a
 * destination and two source registers of 32 lanes, with all lanes active ({@code full}, the
 * unrolled loop) or the lower half-warp ({@code half}, the loop over the mask's set bits, as in a
 * scan's {@code if (thid < d)}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LanesBench {
  @Param({"ADD_I32", "ADD_F32", "SHR_I32", "SHR_I32_UNIFORM", "LT", "PTR_ADD"})
  public String kind;

  @Param({"full", "half"})
  public String mask;

  private int laneKind;
  private int activeMask;
  private CInsn insn;
  private final long[] d = new long[32];
  private final long[] a = new long[32];
  private final long[] b = new long[32];

  @Setup
  public void setup() {
    activeMask = switch (mask) {
      case "full" -> -1;
      case "half" -> 0x0000_FFFF;
      default -> throw new IllegalArgumentException("mask " + mask);
    };
    IrType type;
    Op op;
    switch (kind) {
      case "ADD_I32" -> {
        laneKind = Lanes.ADD_I32;
        type = IrType.I32;
        op = Op.ADD;
        for (int l = 0; l < 32; l++) {
          a[l] = 1000 * l - 7;
          b[l] = l * l;
        }
      }
      case "ADD_F32" -> {
        laneKind = Lanes.ADD_F32;
        type = IrType.F32;
        op = Op.ADD;
        for (int l = 0; l < 32; l++) {
          a[l] = Alu.f(l * 0.5f);
          b[l] = Alu.f(3.25f - l);
        }
      }
      case "SHR_I32" -> {
        laneKind = Lanes.SHR_I32;
        type = IrType.I32;
        op = Op.SHR;
        for (int l = 0; l < 32; l++) {
          a[l] = (l % 2 == 0 ? 1 : -1) * (1_000_003L * l);
          b[l] = l % 8; // the offset*(2*thid+1)-1 >> LOG_NUM_BANKS shapes of the padded scans
        }
      }
      case "SHR_I32_UNIFORM" -> {
        laneKind = Lanes.SHR_I32;
        type = IrType.I32;
        op = Op.SHR;
        for (int l = 0; l < 32; l++) {
          a[l] = (l % 2 == 0 ? 1 : -1) * (1_000_003L * l);
          b[l] = 5; // ai >> LOG_NUM_BANKS: one amount for the warp (a constant register)
        }
      }
      case "LT" -> {
        laneKind = Lanes.LT;
        type = IrType.I32;
        op = Op.SETP;
        for (int l = 0; l < 32; l++) {
          a[l] = l;
          b[l] = 16;
        }
      }
      case "PTR_ADD" -> {
        laneKind = Lanes.PTR_ADD;
        type = IrType.PTR;
        op = Op.PTR_ADD;
        for (int l = 0; l < 32; l++) {
          a[l] = Ptr.make(Ptr.GLOBAL, 1, 4096);
          b[l] = l; // element index, scaled by the float size below
        }
      }
      default -> throw new IllegalArgumentException("kind " + kind);
    }
    insn = new CInsn(new Insn(op, type, null).imm(4), type, 0, new int[] {1, 2}, 0);
    insn.decode();
    insn.uniformB = kind.endsWith("_UNIFORM");
  }

  @Benchmark
  public long run() {
    Lanes.run(laneKind, insn, d, a, b, activeMask, null);
    return d[3];
  }
}
