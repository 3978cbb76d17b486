package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

class IncludeTest {

  @Test
  void quotedIncludeIsPreprocessedInPlace() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("defs.h", "#define N 4\nint from_header;\n");
    Pp pp = Pp.run("main.cu", "int a;\n#include \"defs.h\"\nint b[N];\n", loader);
    assertThat(pp.tokens()).isEqualTo("int a ; int from_header ; int b [ 4 ] ;");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void includedTextMapsToTheHeader() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("h.h", "\n  int from_header;\n");
    Pp pp = Pp.run("main.cu", "#include \"h.h\"\nint after;\n", loader);
    Span s = pp.spanOfOutput("from_header");
    assertThat(Pp.where(s)).isEqualTo("h.h:2:7-2:18");
    assertThat(Pp.where(pp.spanOfOutput("after"))).isEqualTo("main.cu:2:5-2:10");
  }

  @Test
  void systemIncludesAreIgnored() {
    Pp pp = Pp.run("main.cu", "#include <cuda_runtime.h>\n#include <stdio.h>\nint x;\n", IncludeLoader.NONE);
    assertThat(pp.tokens()).isEqualTo("int x ;");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void aQuotedSystemHeaderNotBesideTheFileIsASystemHeader() {
    // Visual Studio's CUDA template: #include "cuda_runtime.h" and "device_launch_parameters.h".
    Pp pp = Pp.run("main.cu", "#include \"cuda_runtime.h\"\n#include \"device_launch_parameters.h\"\n#include \"cstdint\"\nint x;\n",
        IncludeLoader.NONE);
    assertThat(pp.tokens()).isEqualTo("int x ;");
    assertThat(pp.diags.all()).isEmpty();
    // A name that is no system header scansim knows is still missing.
    assertThat(Pp.run("main.cu", "#include \"helper_cuda.h\"\n", IncludeLoader.NONE).diagnostic("helper_cuda.h").message())
        .isEqualTo("helper_cuda.h: No such file or directory");
  }

  @Test
  void missingFileIsAnErrorNamingIt() {
    Pp pp = Pp.run("main.cu", "int a;\n#include  \"nope.h\"\n", IncludeLoader.NONE);
    Diagnostic d = pp.diagnostic("nope.h");
    assertThat(d.message()).isEqualTo("nope.h: No such file or directory");
    assertThat(Pp.where(d.span())).isEqualTo("main.cu:2:11-2:19");
  }

  @Test
  void pragmaOnceIsHonoured() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("once.h", "#pragma once\nint once;\n");
    Pp pp = Pp.run("main.cu", "#include \"once.h\"\n#include \"once.h\"\n", loader);
    assertThat(pp.tokens()).isEqualTo("int once ;");
  }

  @Test
  void includeGuardsWork() {
    IncludeLoaderStub loader =
        new IncludeLoaderStub().with("g.h", "#ifndef G_H\n#define G_H\nint guarded;\n#endif\n");
    Pp pp = Pp.run("main.cu", "#include \"g.h\"\n#include \"g.h\"\n", loader);
    assertThat(pp.tokens()).isEqualTo("int guarded ;");
  }

  @Test
  void computedInclude() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("c.h", "int computed;\n");
    Pp pp = Pp.run("main.cu", "#define HDR \"c.h\"\n#include HDR\n#define SYS <x.h>\n#include SYS\n", loader);
    assertThat(pp.tokens()).isEqualTo("int computed ;");
    assertThat(pp.diags.all()).isEmpty();
  }

  @Test
  void malformedIncludeIsAnError() {
    Pp pp = Pp.run("main.cu", "#include nothing\n", IncludeLoader.NONE);
    assertThat(pp.errors()).containsExactly("#include expects \"FILENAME\" or <FILENAME>");
  }

  @Test
  void recursiveIncludeStopsAtTheDepthLimit() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("self.h", "#include \"self.h\"\nx\n");
    Pp pp = Pp.run("main.cu", "#include \"self.h\"\n", loader);
    assertThat(pp.errors()).containsExactly("#include nested depth 32 exceeds maximum of 32");
    assertThat(pp.tokens().split(" ")).hasSize(31);
  }

  @Test
  void exponentialIncludesAreBounded() {
    IncludeLoaderStub loader = new IncludeLoaderStub().with("twice.h", "#include \"twice.h\"\n#include \"twice.h\"\n");
    Pp pp =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(20), () -> Pp.run("main.cu", "#include \"twice.h\"\n", loader));
    // Thousands of failed includes, each at one of a few places: each distinct error is kept once.
    assertThat(pp.diags.errorCount()).isBetween(1, Diagnostics.MAX_ERRORS);
    assertThat(pp.errors()).contains("#include nested depth 32 exceeds maximum of 32", "#include exceeds the limit of 10000 inclusions")
        .allMatch(m -> m.startsWith("#include nested depth 32") || m.startsWith("#include exceeds the limit"));
    assertThat(loader.loads).isEqualTo(Budget.MAX_INCLUDES);
  }

  @Test
  void fileSystemLoaderResolvesRelativeToTheIncluder(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/a.h"), "#include \"b.h\"\nint a;\n");
    Files.writeString(dir.resolve("sub/b.h"), "#pragma once\nint b;\n");
    Path main = dir.resolve("main.cu");
    Files.writeString(main, "#include \"sub/a.h\"\n#include \"sub/b.h\"\nint m;\n");
    Pp pp = Pp.run(main.toString(), Files.readString(main), IncludeLoader.fileSystem());
    assertThat(pp.tokens()).isEqualTo("int b ; int a ; int m ;");
    assertThat(pp.diags.all()).isEmpty();
    assertThat(pp.spanOfOutput("int a").file().name()).isEqualTo(dir.resolve("sub/a.h").toString());
  }
}
