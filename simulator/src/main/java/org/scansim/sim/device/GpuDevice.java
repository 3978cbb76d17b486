package org.scansim.sim.device;

import org.scansim.sim.result.Kind;
import org.scansim.sim.result.Fault;
import org.scansim.sim.memory.Allocation;
import org.scansim.frontend.diag.Span;

/**
 * A GPU as a host program drives it: the CUDA runtime calls a kernel file's host code makes.
 * The simulated GPU implements it ({@code sched.SimulatedGpu}); a real one behind the CUDA driver can too.
 *
 * <p>Device pointers are values the device hands out: the host stores them, adds to them and
 * passes them back, and never reads through them. They have {@link
 * org.scansim.sim.memory.Ptr}'s layout with a space other than {@code HOST}: host code moves a
 * pointer by changing its 40-bit offset ({@code Ptr.add}) and subtracts two pointers' offsets, so
 * a device keeps a buffer's offset there and the rest is its own (the simulated device's
 * allocation id; a real GPU's device would map it to its own address). Host memory stays the
 * host's: a copy names the host side by its {@link Allocation} and byte offset, already checked
 * against the allocation's bounds.
 *
 * <p>Calls the program may check return CUDA error codes (0 is {@code cudaSuccess}). A call the
 * program got wrong in a way a GPU would not report (a pointer into nothing, a copy past the
 * end of a buffer, a kernel that faults) throws a {@link Fault} at {@code at}.
 */
public interface GpuDevice {
  int SUCCESS = 0;
  /** {@code cudaErrorInvalidValue}. */
  int ERROR_INVALID_VALUE = 1;
  /** {@code cudaErrorMemoryAllocation}. */
  int ERROR_MEMORY_ALLOCATION = 2;
  /** {@code cudaErrorInvalidConfiguration}. */
  int ERROR_INVALID_CONFIGURATION = 9;

  /**
   * {@code cudaMalloc} of {@code bytes}: a device pointer, or 0 when no device holds that much
   * ({@link #ERROR_MEMORY_ALLOCATION}). {@code name} is what the program calls the buffer.
   */
  long malloc(String name, long bytes, Span at);

  /** {@code cudaFree}: {@link #SUCCESS} (for 0 too), or {@link #ERROR_INVALID_VALUE} for a pointer it did not hand out or already freed. */
  int free(long pointer, Span at);

  /** Whether {@code pointer} points into this device's memory (its buffers or module variables), in bounds or not. */
  boolean owns(long pointer);

  /**
   * Faults unless {@code bytes} from {@code pointer} lie in one live buffer of this device: the
   * check of a CUDA call's device argument, made first where CUDA reports it first.
   */
  void checkRange(long pointer, long bytes, Span at);

  /** {@code cudaMemcpy} host to device: {@code bytes} from byte {@code offset} of host memory {@code src}. */
  void copyToDevice(long dst, Allocation src, int offset, long bytes, Span at);

  /** {@code cudaMemcpy} device to host: {@code bytes} to byte {@code offset} of host memory {@code dst}. */
  void copyToHost(Allocation dst, int offset, long src, long bytes, Span at);

  /** {@code cudaMemcpy} device to device. */
  void copyOnDevice(long dst, long src, long bytes, Span at);

  /** {@code cudaMemset}: {@code bytes} bytes from {@code pointer} set to {@code value}'s low byte. */
  void memset(long pointer, int value, long bytes, Span at);

  /**
   * {@code kernel<<<grid, block, sharedBytes>>>(args)}: the dimensions as the program's unsigned
   * values, the arguments in register form (device pointers as handed out). Returns the launch's
   * error code, which the program sees from {@code cudaGetLastError}.
   */
  int launch(String kernel, long[] grid, long[] block, long sharedBytes, long[] args, Span at);

  /** Why the last launch that returned an error was not run, for the run's notes; null when the device does not say. */
  default String launchRefusal() {
    return null;
  }

  /** {@code cudaDeviceSynchronize}: waits for every launch; the first error of one, or {@link #SUCCESS}. */
  int synchronize(Span at);

  /**
   * Host code copied {@code bytes} from one host buffer to another ({@code cudaMemcpy} host to
   * host). A device that follows values through host memory (the simulated one's checkers) hears
   * it; a real GPU's has nothing to do.
   */
  default void hostCopied(Allocation dst, int dstOffset, Allocation src, int srcOffset, long bytes) {}

  /** Host code set {@code bytes} of a host buffer ({@code cudaMemset} of host memory); as {@link #hostCopied}. */
  default void hostSet(Allocation a, int offset, long bytes) {}

  /** The device pointer of a {@code __device__} or {@code __constant__} variable of the module, or 0 if it has none of that name. */
  long variable(String name);

  /**
   * The device time of every launch so far, in nanoseconds, as a timing model predicts it (what
   * CUDA events measure here); -1 when nothing times the run.
   */
  default long elapsedNanos() {
    return -1;
  }

  /**
   * {@code cudaMallocManaged} of {@code bytes}: a buffer host code may read and write too, or 0
   * as {@link #malloc}. A device that has none throws a fault saying so.
   */
  default long mallocManaged(String name, long bytes, Span at) {
    throw new Fault(Kind.UNSUPPORTED, at, "managed memory (cudaMallocManaged) is not supported on this device");
  }

  /** The managed buffer {@code pointer} points into, for host code's loads and stores; null when it is no such buffer. */
  default Allocation managed(long pointer) {
    return null;
  }

  /** Host code stored {@code bytes} at byte {@code offset} of managed buffer {@code a}: what the device knows of it, as after a copy from the host. */
  default void hostStored(Allocation a, int offset, int bytes) {}
}
