package org.scansim.hardware;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An nvcc given with --nvcc that cannot be run is one line, not a stack trace later. */
class NvccTest {
  @Test
  void aPathThatIsNoExecutableIsSaidInOneLine(@TempDir Path dir) throws Exception {
    Path notNvcc = Files.writeString(dir.resolve("nvcc"), "not a program");
    assertThatThrownBy(() -> Nvcc.find(notNvcc)).isInstanceOf(GpuUnavailable.class)
        .hasMessage("no nvcc at " + notNvcc + " (--nvcc): not an executable file");
    assertThatThrownBy(() -> Nvcc.find(dir.resolve("missing"))).isInstanceOf(GpuUnavailable.class)
        .hasMessageStartingWith("no nvcc at ");
  }
}
