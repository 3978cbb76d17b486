package org.scansim.sim.exec;

import java.util.List;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;

/**
 * The public face of the engine for one run: a device and a host interpreter over one module,
 * device buffers the caller fills and reads, and a call of a host entry function.
 */
public final class Simulation {
  private final Device device;
  private final HostInterpreter host;
  private final StringBuilder output = new StringBuilder();

  public Simulation(IrModule module, MemoryModel memoryModel, Limits limits) {
    this.device = new Device(module, memoryModel, limits, output);
    this.host = new HostInterpreter(module, device, output);
  }

  /** A device buffer of {@code count} elements of {@code type}, filled with a garbage pattern. */
  public Buffer allocate(String name, IrType type, int count) {
    Allocation a = device.allocate(name, (long) count * type.size());
    if (a == null) {
      throw new Fault("out-of-memory", null, "device memory budget exhausted allocating " + name);
    }
    a.fill((byte) 0xFF); // cudaMalloc leaves memory uninitialised; all-ones bits are NaN as floats
    return new Buffer(a, type, device.global.pointerTo(a));
  }

  /** Threads that run independent blocks; reports do not depend on it. */
  public void setThreads(int threads) {
    device.setThreads(threads);
  }

  /** Warp order inside blocks: 0 for index order, otherwise a seeded legal order. */
  public void setSeed(long seed) {
    device.setSeed(seed);
  }

  /** Holds uniform values once per warp (default) or in every lane; results are the same. */
  public void setUniformRegisters(boolean on) {
    device.setUniformRegisters(on);
  }

  /** Occupancy limits: how many blocks of a launch are resident at once (default: all of them). */
  public void setResidency(int smCount, int blocksPerSm, int threadsPerSm, int sharedPerSm) {
    device.setResidency(smCount, blocksPerSm, threadsPerSm, sharedPerSm);
  }

  /** Resident blocks per launch regardless of occupancy (0: from the occupancy limits). */
  public void setResidentBlocks(int blocks) {
    device.setResidentBlocks(blocks);
  }

  /** Calls a host function (the entry) with register-form arguments. */
  public void call(String entry, long[] args) {
    host.call(entry, args, (Span) null);
  }

  public List<LaunchRecord> launches() {
    return device.launches();
  }

  /** Everything printf wrote, host and device, in program order. */
  public String output() {
    return output.toString();
  }

  /** A device buffer the harness owns. */
  public static final class Buffer {
    private final Allocation a;
    private final IrType type;
    private final long pointer;

    Buffer(Allocation a, IrType type, long pointer) {
      this.a = a;
      this.type = type;
      this.pointer = pointer;
    }

    public long pointer() {
      return pointer;
    }

    public int length() {
      return a.size() / type.size();
    }

    /** Writes element i from a double (converted to the buffer's type) and marks it as input. */
    public void setInput(int i, double v) {
      long bits = switch (type) {
        case F32 -> Alu.f((float) v);
        case F64 -> Alu.d(v);
        default -> Alu.norm(type, (long) v);
      };
      a.store(type, i * type.size(), bits);
      a.setTaint(i * type.size(), type.size(), true);
    }

    public double get(int i) {
      long bits = a.load(type, i * type.size());
      return switch (type) {
        case F32 -> Alu.f(bits);
        case F64 -> Alu.d(bits);
        case U32, U64 -> bits;
        default -> bits;
      };
    }
  }

  /**
   * Launches a {@code __global__} function directly, as a host {@code kernel<<<grid, block,
   * sharedBytes>>>(args...)} would, for files whose entry is the kernel itself (an autograder's
   * kernel-only submission). Throws {@link Fault} like a launch from host code.
   */
  public void launch(String kernel, int[] grid, int[] block, long sharedBytes, long[] args) {
    device.launch(kernel, grid, block, sharedBytes, args, null);
  }
}
