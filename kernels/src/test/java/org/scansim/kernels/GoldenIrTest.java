package org.scansim.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrPrinter;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * Golden IR of a few seed kernels, so that any change to what the simulator will execute shows up
 * as a reviewed diff. {@code mvn test -Dgolden.update=true} rewrites the files; review the diff
 * before committing.
 */
class GoldenIrTest {
  private record Golden(String file, Map<String, String> defines, String name) {}

  private static final List<Golden> GOLDENS = List.of(
      new Golden("kernels/harris/blelloch.cu", Map.of(), "harris_blelloch.ir"),
      new Golden("kernels/harris/conflict_free_as_printed.cu", Map.of("ZERO_BANK_CONFLICTS", "1"), "harris_conflict_free_as_printed_zero.ir"),
      new Golden("kernels/pmpp/kogge_stone.cu", Map.of(), "pmpp_kogge_stone.ir"),
      new Golden("kernels/pmpp/chained_scan.cu", Map.of(), "pmpp_chained_scan.ir"));

  @TestFactory
  Stream<DynamicTest> irMatchesGolden() {
    Path root = KernelFiles.repositoryRoot();
    Path dir = root.resolve("kernels/src/test/resources/golden-ir");
    boolean update = Boolean.getBoolean("golden.update");
    return GOLDENS.stream().map(g -> DynamicTest.dynamicTest(g.name(), () -> {
      String text = Files.readString(root.resolve(g.file()), StandardCharsets.UTF_8);
      // The display name is the repository-relative path, so the golden does not depend on where
      // the repository is checked out.
      Frontend.Result r = Frontend.compile(new SourceFile(g.file(), text), g.defines(), IncludeLoader.NONE);
      assertThat(r.ok()).as("%s compiles", g.file()).isTrue();
      String ir = IrPrinter.print(r.ir());
      Path golden = dir.resolve(g.name());
      if (update) {
        Files.createDirectories(dir);
        Files.writeString(golden, ir, StandardCharsets.UTF_8);
      }
      assertThat(Files.exists(golden)).as("golden %s exists (create it with -Dgolden.update=true and review it)", golden).isTrue();
      assertThat(ir).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }));
  }

}
