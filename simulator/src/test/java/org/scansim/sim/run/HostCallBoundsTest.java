package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.device.Limits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;

/** A CUDA call past the end of a buffer names how many bytes it touched, as the program's size_t, and the buffer's size. */
class HostCallBoundsTest {

  @ParameterizedTest
  @CsvSource(delimiter = ';', value = {
      "4100; CUDA call touches 4100 bytes from byte 0 of 'out', which has 4096 bytes",
      "(size_t) -1; CUDA call touches 18446744073709551615 bytes from byte 0 of 'out', which has 4096 bytes",
      "sizeof(float) * n + 1; CUDA call touches 4097 bytes from byte 0 of 'out', which has 4096 bytes"})
  void aCopyPastTheEndIsAFault(String size, String message) {
    String source = "void entry(const float *in, float *out, int n) { cudaMemcpy(out, in, SIZE, cudaMemcpyDeviceToDevice); }\n";
    Frontend.Result r = Frontend.compile(new SourceFile("c.cu", source), Map.of("SIZE", size), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new NoBanks(), Limits.defaults());
    Simulation.Buffer in = sim.allocate("in", IrType.F32, 2048);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 1024);
    assertThatThrownBy(() -> sim.call("entry", new long[] {in.pointer(), out.pointer(), 1024})).isInstanceOf(Fault.class)
        .hasMessage(message);
  }
}
