package org.scansim.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * The front end, from source text to IR (preprocessor, parser, type checker, lowering), which
 * every run pays once: Harris's {@code kernels/harris/scan_large_array.cu} (found as {@link
 * KernelBench} finds it), and a generated kernel of {@code lines} statements with a macro call
 * each, the size of a long student submission and beyond (the front end takes files up to {@link
 * Frontend#MAX_SOURCE_BYTES}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FrontendBench {
  /** Harris's kernel file. */
  @State(Scope.Benchmark)
  public static class Harris {
    SourceFile source;

    @Setup
    public void setup() throws IOException {
      Path path = KernelBench.kernelsDir().resolve("harris/scan_large_array.cu");
      source = checked(new SourceFile(path.toString(), Files.readString(path, StandardCharsets.UTF_8)));
    }
  }

  /** A generated kernel of {@code lines} statements (about 40 bytes each). */
  @State(Scope.Benchmark)
  public static class Generated {
    @Param({"2000", "20000"})
    public int lines;

    SourceFile source;

    @Setup
    public void setup() {
      StringBuilder s = new StringBuilder("#define TWICE(x) ((x) * 2.0f)\n"
          + "__global__ void k(const float *in, float *out, int n) {\n  int i = threadIdx.x;\n  float s = 0.0f;\n");
      for (int j = 0; j < lines; j++) {
        s.append("  s = s + TWICE(in[(i + ").append(j).append(") % n]);\n");
      }
      source = checked(new SourceFile("generated.cu", s.append("  out[i] = s;\n}\n").toString()));
    }
  }

  @Benchmark
  public Frontend.Result harris(Harris h) {
    return compile(h.source);
  }

  @Benchmark
  public Frontend.Result generated(Generated g) {
    return compile(g.source);
  }

  private static Frontend.Result compile(SourceFile source) {
    return Frontend.compile(source, new LinkedHashMap<>(), IncludeLoader.NONE);
  }

  private static SourceFile checked(SourceFile source) {
    Frontend.Result r = compile(source);
    if (!r.ok()) {
      throw new IllegalStateException(source.name() + " does not compile: " + r.diagnostics().all());
    }
    return source;
  }
}
