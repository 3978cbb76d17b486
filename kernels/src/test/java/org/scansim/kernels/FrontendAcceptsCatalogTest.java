package org.scansim.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.DiagnosticPrinter;

/**
 * Every catalog kernel, in every -D variant it declares, passes the front end without a
 * diagnostic: the seeds written as real CUDA are inside the subset.
 */
class FrontendAcceptsCatalogTest {

  @TestFactory
  Stream<DynamicTest> everyKernelChecksClean() {
    return KernelFiles.variants().stream()
        .map(v -> DynamicTest.dynamicTest(v.name(), v.file().toUri(), () -> {
          Frontend.Result r = Frontend.compileFile(v.file(), v.defines());
          assertThat(r.diagnostics().all())
              .as(() -> DiagnosticPrinter.render(r.diagnostics().sorted(), r.diagnostics().dropped()))
              .isEmpty();
          assertThat(r.ok()).isTrue();
          assertThat(r.ir().functions().stream().filter(f -> f.isKernel()).collect(Collectors.toList()))
              .as("a catalog file defines at least one kernel")
              .isNotEmpty();
        }));
  }
}
