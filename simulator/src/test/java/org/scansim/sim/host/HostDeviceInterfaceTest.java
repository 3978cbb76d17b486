package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.result.Fault;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.result.Kind;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.sched.SimulatedGpu;

/**
 * Host code drives the GPU through {@link GpuDevice} alone, and holds device pointers as opaque
 * values: behind a device that hands out pointers of its own making (the simulated device's with
 * their allocation ids scrambled), the same program computes the same result, and every CUDA call
 * reaches the device as the interface's call.
 */
class HostDeviceInterfaceTest {
  private static final String SOURCE = """
      __device__ int launched;
      __global__ void twice(int *d, int n) {
        int i = threadIdx.x;
        if (i < n) d[i] = 2 * d[i] + 1;
        if (i == 0) launched = 1;
      }
      void entry() {
        int h[32];
        for (int i = 0; i < 32; i++) h[i] = i;
        int *d;
        int *e;
        cudaMalloc(&d, 32 * sizeof(int));
        cudaMalloc(&e, 32 * sizeof(int));
        cudaMemcpy(d, h, 32 * sizeof(int), cudaMemcpyHostToDevice);
        twice<<<1, 32>>>(d + 1, 31);
        cudaDeviceSynchronize();
        cudaMemcpy(e, d, 32 * sizeof(int), cudaMemcpyDeviceToDevice);
        cudaMemset(d, 0, 32 * sizeof(int));
        cudaMemcpy(h, e, 32 * sizeof(int), cudaMemcpyDeviceToHost);
        printf("%d %d %d %d\\n", h[0], h[1], h[31], cudaFree(d));
        printf("%d\\n", cudaFree(d));
        cudaFree(e);
      }
      """;

  private static IrModule module() {
    Frontend.Result r = Frontend.compile(new SourceFile("h.cu", SOURCE), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r.ir();
  }

  /** The simulated device's pointers with their allocation ids flipped: values the host cannot have made itself. */
  private static long scramble(long p) {
    return Ptr.space(p) == Ptr.GLOBAL ? p ^ (0x5A5A5L << 40) : p;
  }

  @Test
  void hostCodeRunsBehindAnyDeviceThroughTheInterface() {
    IrModule m = module();
    StringBuilder out = new StringBuilder();
    SimulatedGpu simulated = new SimulatedGpu(m, new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults(), out);
    List<String> calls = new ArrayList<>();
    GpuDevice scrambling = (GpuDevice) Proxy.newProxyInstance(GpuDevice.class.getClassLoader(), new Class<?>[] {GpuDevice.class},
        (proxy, method, args) -> {
          calls.add(method.getName());
          Object[] a = args == null ? new Object[0] : args.clone();
          for (int i = 0; i < a.length; i++) {
            if (a[i] instanceof Long p) {
              a[i] = scramble(p); // the scrambling is its own inverse
            } else if (a[i] instanceof long[] ps && method.getName().equals("launch") && i == 4) {
              long[] back = ps.clone();
              for (int k = 0; k < back.length; k++) {
                back[k] = scramble(back[k]);
              }
              a[i] = back;
            }
          }
          Object result = invoke(method, simulated, a);
          return method.getName().equals("malloc") ? (Object) scramble((Long) result) : result;
        });
    HostInterpreter host = new HostInterpreter(m, scrambling, 1L << 20, new Deadline(), out);
    host.call("entry", new long[0], null);
    // h[0] was copied in and not doubled (the launch began at d + 1); h[1] = 2 * 1 + 1; the first free succeeds, the second is cudaErrorInvalidValue.
    assertThat(out.toString()).isEqualTo("0 3 63 0\n1\n");
    assertThat(calls).containsExactly("malloc", "malloc", "checkRange", "copyToDevice", "launch", "synchronize", "copyOnDevice",
        "memset", "copyToHost", "free", "free", "free");
    assertThat(simulated.launches()).hasSize(1);
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  void moduleVariablesHaveDevicePointers() {
    SimulatedGpu d = new SimulatedGpu(module(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults(), new StringBuilder());
    long p = d.variable("launched");
    assertThat(d.owns(p)).isTrue();
    assertThat(Ptr.offset(p)).isZero();
    assertThat(d.variable("nothing")).isZero();
    assertThat(d.owns(Ptr.make(Ptr.HOST, 1, 0))).isFalse();
    assertThat(d.owns(0)).isFalse();
  }

  @Test
  void aDevicePointerIsNeverReadByHostCode() {
    String source = "void entry() { int *d; cudaMalloc(&d, 4); int x = *d; printf(\"%d\", x); }\n";
    Frontend.Result r = Frontend.compile(new SourceFile("r.cu", source), Map.of(), IncludeLoader.NONE);
    SimulatedGpu d = new SimulatedGpu(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults(), new StringBuilder());
    HostInterpreter host = new HostInterpreter(r.ir(), d, 1L << 20, new Deadline(), new StringBuilder());
    assertThatThrownBy(() -> host.call("entry", new long[0], null)).isInstanceOf(Fault.class)
        .hasMessage("host code dereferences a device pointer (use cudaMemcpy, or cudaMallocManaged for memory both sides use)")
        .satisfies(f -> assertThat(((Fault) f).kind()).isEqualTo(Kind.INVALID_ADDRESS));
  }
}
