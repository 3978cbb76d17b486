package org.scansim.hardware;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventQuery;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD8;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleGetGlobal;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUresult;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Reg;
import org.scansim.sim.result.Fault;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.result.Kind;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * A real NVIDIA GPU behind {@link GpuDevice}, through the CUDA driver API (JCuda): the kernel
 * file's cubin loaded into a context of its own, kernels found by their mangled names, buffers
 * allocated, copied and set with the driver, launches timed with CUDA events. Host code holds
 * handles of {@link Ptr}'s layout (the buffer's index and an offset), which this device maps to
 * the card's addresses.
 */
final class JCudaDevice implements GpuDevice, AutoCloseable {
  /** The card a run uses: device 0, its name and compute capability, and the driver's version. */
  record Card(CUdevice device, String name, int major, int minor, int driverVersion) {
    String arch() {
      return "sm_" + major + minor;
    }
  }

  /** A buffer of the card's: a cudaMalloc'd one or a module variable (which cannot be freed). */
  private static final class Buffer {
    final String name;
    final CUdeviceptr address;
    final long size;
    final boolean variable;
    boolean freed;

    Buffer(String name, CUdeviceptr address, long size, boolean variable) {
      this.name = name;
      this.address = address;
      this.size = size;
      this.variable = variable;
    }
  }

  private final IrModule ir;
  private final CUcontext context = new CUcontext();
  private final CUmodule module = new CUmodule();
  private final List<String> symbols;
  private final Map<String, CUfunction> functions = new HashMap<>();
  private final Map<String, Long> variables = new HashMap<>();
  private final List<Buffer> buffers = new ArrayList<>();
  private final List<GpuRun.Launch> launches = new ArrayList<>();

  /**
   * The first CUDA device, with the driver started, or one line saying what is missing: the
   * driver's library, a device.
   */
  static Card open() throws GpuUnavailable {
    try {
      JCudaDriver.setExceptionsEnabled(true);
      cuInit(0);
    } catch (LinkageError e) {
      throw new GpuUnavailable("no NVIDIA driver: the CUDA driver library (libcuda.so.1) or JCuda's for this platform could not be"
          + " loaded (" + why(e) + ")");
    } catch (CudaException e) {
      throw new GpuUnavailable("the NVIDIA driver did not start: " + e.getMessage());
    }
    int[] count = new int[1];
    cuDeviceGetCount(count);
    if (count[0] == 0) {
      throw new GpuUnavailable("no CUDA device: the NVIDIA driver sees no GPU");
    }
    CUdevice device = new CUdevice();
    cuDeviceGet(device, 0);
    byte[] name = new byte[256];
    cuDeviceGetName(name, name.length, device);
    int[] major = new int[1];
    int[] minor = new int[1];
    cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    int[] version = new int[1];
    cuDriverGetVersion(version);
    int len = 0;
    while (len < name.length && name[len] != 0) {
      len++;
    }
    return new Card(device, new String(name, 0, len, java.nio.charset.StandardCharsets.US_ASCII), major[0], minor[0], version[0]);
  }

  /** A context on the card with the cubin loaded; one line when the card will not take either. */
  /** The line of a native library's failure that says what is missing (JCuda's message has many). */
  private static String why(LinkageError e) {
    String m = e.getMessage() == null ? e.toString() : e.getMessage();
    return m.lines().filter(l -> l.contains("cannot open shared object") || l.contains("undefined symbol")).map(String::strip)
        .findFirst().orElse(m.lines().findFirst().orElse("").strip());
  }

  JCudaDevice(Card card, byte[] cubin, IrModule ir) throws GpuUnavailable {
    this.ir = ir;
    this.symbols = CubinSymbols.functions(cubin);
    try {
      cuCtxCreate(context, 0, card.device());
    } catch (CudaException e) {
      throw new GpuUnavailable("the GPU refused a context: " + e.getMessage());
    }
    try {
      cuModuleLoadData(module, cubin);
    } catch (CudaException e) {
      cuCtxDestroy(context);
      throw new GpuUnavailable("the GPU could not load the cubin nvcc made (" + e.getMessage() + "): is nvcc newer than the driver?");
    }
    buffers.add(null); // id 0: no buffer, so that no handle is 0
  }

  /** Makes this device's context the calling thread's: host code runs on a thread of its own. */
  void bindToThisThread() {
    cuCtxSetCurrent(context);
  }

  List<GpuRun.Launch> launches() {
    return launches;
  }

  private long handle(Buffer b) {
    buffers.add(b);
    return Ptr.make(Ptr.GLOBAL, buffers.size() - 1, 0);
  }

  /** The buffer a handle names, or null. */
  private Buffer buffer(long p) {
    int id = Ptr.id(p);
    return Ptr.space(p) == Ptr.GLOBAL && id > 0 && id < buffers.size() ? buffers.get(id) : null;
  }

  /** The card's address of {@code bytes} from handle {@code p}, checked as a CUDA call's argument. */
  private CUdeviceptr address(long p, long bytes, Span at) {
    Buffer b = buffer(p);
    Fault.cudaArgument(b == null ? null : b.name, b == null ? 0 : b.size, b != null && !b.freed, p, bytes, at);
    return (CUdeviceptr) b.address.withByteOffset(Ptr.offset(p));
  }

  @Override
  public long malloc(String name, long bytes, Span at) {
    if (bytes < 0) {
      return 0;
    }
    CUdeviceptr p = new CUdeviceptr();
    if (bytes > 0) {
      try {
        cuMemAlloc(p, bytes);
      } catch (CudaException e) {
        if (e.getMessage() != null && e.getMessage().contains("CUDA_ERROR_OUT_OF_MEMORY")) {
          return 0; // cudaErrorMemoryAllocation, as the runtime answers
        }
        throw e;
      }
    }
    return handle(new Buffer(name, p, bytes, false));
  }

  @Override
  public int free(long pointer, Span at) {
    if (pointer == 0) {
      return SUCCESS;
    }
    Buffer b = Ptr.offset(pointer) == 0 ? buffer(pointer) : null;
    if (b == null || b.freed || b.variable) {
      return ERROR_INVALID_VALUE;
    }
    if (b.size > 0) {
      cuMemFree(b.address);
    }
    b.freed = true;
    return SUCCESS;
  }

  @Override
  public boolean owns(long pointer) {
    return buffer(pointer) != null;
  }

  @Override
  public void checkRange(long pointer, long bytes, Span at) {
    address(pointer, bytes, at);
  }

  @Override
  public void copyToDevice(long dst, Allocation src, int offset, long bytes, Span at) {
    CUdeviceptr d = address(dst, bytes, at);
    if (bytes > 0) {
      cuMemcpyHtoD(d, Pointer.to(src.bytes).withByteOffset(offset), bytes);
    }
  }

  @Override
  public void copyToHost(Allocation dst, int offset, long src, long bytes, Span at) {
    CUdeviceptr s = address(src, bytes, at);
    if (bytes > 0) {
      cuMemcpyDtoH(Pointer.to(dst.bytes).withByteOffset(offset), s, bytes);
    }
  }

  @Override
  public void copyOnDevice(long dst, long src, long bytes, Span at) {
    CUdeviceptr d = address(dst, bytes, at);
    CUdeviceptr s = address(src, bytes, at);
    if (bytes > 0) {
      cuMemcpyDtoD(d, s, bytes);
    }
  }

  @Override
  public void memset(long pointer, int value, long bytes, Span at) {
    CUdeviceptr d = address(pointer, bytes, at);
    if (bytes > 0) {
      cuMemsetD8(d, (byte) value, bytes);
    }
  }

  @Override
  public int launch(String kernel, long[] grid, long[] block, long sharedBytes, long[] args, Span at) {
    IrFunction f = ir.function(kernel);
    CUfunction fn = functions.computeIfAbsent(kernel, k -> {
      String symbol = CubinSymbols.symbolOf(symbols, k);
      if (symbol == null) {
        throw new Fault(Kind.LAUNCH, at, "the cubin nvcc made has no kernel " + k + " (its functions: " + symbols + ")");
      }
      CUfunction g = new CUfunction();
      cuModuleGetFunction(g, module, symbol);
      return g;
    });
    if (sharedBytes < 0 || sharedBytes > 0xFFFF_FFFFL) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with " + Long.toUnsignedString(sharedBytes)
          + " bytes of dynamic shared memory: more than a launch can ask for (cudaErrorInvalidValue)");
    }
    Pointer[] params = new Pointer[args.length];
    for (int i = 0; i < args.length; i++) {
      Reg r = f.params().get(i);
      long v = args[i];
      params[i] = switch (r.type()) {
        case PTR -> Pointer.to(v == 0 ? new CUdeviceptr() : address(v, 0, at));
        case I8, U8, PRED -> Pointer.to(new byte[] {(byte) v});
        case I16, U16 -> Pointer.to(new short[] {(short) v});
        case I32, U32, F32 -> Pointer.to(new int[] {(int) v});
        case I64, U64, F64 -> Pointer.to(new long[] {v});
      };
    }
    CUevent start = new CUevent();
    CUevent stop = new CUevent();
    cuEventCreate(start, 0);
    cuEventCreate(stop, 0);
    try {
      cuEventRecord(start, null);
      try {
        cuLaunchKernel(fn, (int) grid[0], (int) grid[1], (int) grid[2], (int) block[0], (int) block[1], (int) block[2],
            (int) sharedBytes, null, Pointer.to(params), null);
      } catch (CudaException e) {
        throw new Fault(Kind.LAUNCH, at, "the GPU refused the launch of " + kernel + ": " + e.getMessage());
      }
      cuEventRecord(stop, null);
      awaitLaunch(stop, kernel, at);
      float[] ms = new float[1];
      cuEventElapsedTime(ms, start, stop);
      launches.add(new GpuRun.Launch(launches.size(), kernel, at == null ? null : at.position(), List.of(grid[0], grid[1], grid[2]),
          List.of(block[0], block[1], block[2]), sharedBytes, ms[0]));
    } finally {
      // After a fault every call of the context fails: the launch's own fault is the one to report.
      try {
        cuEventDestroy(start);
        cuEventDestroy(stop);
      } catch (CudaException ignored) {
        // the context is lost with the fault above
      }
    }
    return SUCCESS;
  }

  /** How long one launch may run on the card before the run is stopped. */
  static final long KERNEL_LIMIT_MILLIS = 60_000;

  /** Whether a kernel is still running on the card: its context cannot be destroyed, only left to the process's end. */
  private boolean stuck;

  /**
   * Waits for the launch's stop event, polling so that a kernel that never ends (a loop whose
   * condition never fails) stops the run after {@link #KERNEL_LIMIT_MILLIS}, instead of the
   * process waiting for ever: the driver API cannot stop a running kernel, so the fault says the
   * process ends to stop it.
   */
  private void awaitLaunch(CUevent stop, String kernel, Span at) {
    long deadline = System.nanoTime() + KERNEL_LIMIT_MILLIS * 1_000_000L;
    long sleep = 1;
    while (true) {
      try {
        if (cuEventQuery(stop) == CUresult.CUDA_SUCCESS) {
          return;
        }
      } catch (CudaException e) {
        if (!e.getMessage().contains("CUDA_ERROR_NOT_READY")) {
          throw new Fault(Kind.LAUNCH, at, "the launch of " + kernel + " failed on the GPU: " + e.getMessage());
        }
      }
      if (System.nanoTime() > deadline) {
        stuck = true;
        throw new Fault(Kind.RUNAWAY, at, "the launch of " + kernel + " did not finish on the GPU in " + KERNEL_LIMIT_MILLIS / 1000
            + " s; the driver cannot stop a running kernel, so it ends with this process");
      }
      try {
        Thread.sleep(sleep);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        stuck = true;
        throw new Fault(Kind.INTERRUPTED, at, "interrupted while " + kernel + " ran on the GPU");
      }
      sleep = Math.min(sleep * 2, 50);
    }
  }

  @Override
  public int synchronize(Span at) {
    cuCtxSynchronize();
    return SUCCESS;
  }

  @Override
  public long variable(String name) {
    return variables.computeIfAbsent(name, k -> {
      CUdeviceptr p = new CUdeviceptr();
      long[] size = new long[1];
      try {
        cuModuleGetGlobal(p, size, module, k);
      } catch (CudaException e) {
        return 0L;
      }
      return handle(new Buffer(k, p, size[0], true));
    });
  }

  @Override
  public void close() {
    if (stuck) {
      return; // destroying the context would wait for the kernel that does not end
    }
    try {
      cuCtxDestroy(context);
    } catch (CudaException ignored) {
      // a context a kernel's fault left unusable goes with the process
    }
  }
}
