package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metadata errors name the file and what is wrong; the real catalog reads cleanly. */
class CatalogLoadTest {
  @TempDir Path dir;

  private Path write(String json) throws Exception {
    Files.writeString(dir.resolve("k.cu"), "void k(const float *in, float *out, int n) {}\n");
    Files.writeString(dir.resolve("k.json"), json);
    return dir;
  }

  private static final String GOOD = """
      {"kernels": [{"name": "x/k", "title": "t", "defines": {}, "source": {"document": "d", "seed": "004", "where": "w"},
        "scan": "inclusive", "sizes": {"min": 1, "max": 8, "powerOfTwo": false}, "work": {"formula": "n-1", "check": "exact"},
        "depth": "n-1", "properties": [], "erratum": null}]}
      """;

  @Test
  void readsAnEntry() throws Exception {
    Catalog c = Catalog.load(write(GOOD));
    Kernel k = c.find("x/k").orElseThrow();
    assertThat(k.file()).isEqualTo(dir.resolve("k.cu"));
    assertThat(k.sizes().supports(8, "hopper")).isTrue();
    assertThat(k.sizes().supports(9, "hopper")).isFalse();
  }

  @Test
  void rejectsUnknownFieldsBadFormulasAndCounters() throws Exception {
    assertThatThrownBy(() -> Catalog.load(write(GOOD.replace("\"depth\"", "\"dept\""))))
        .hasMessageContaining("k.json").hasMessageContaining("dept");
    assertThatThrownBy(() -> Catalog.load(write(GOOD.replace("\"n-1\", \"check\"", "\"n-\", \"check\""))))
        .hasMessageContaining("kernel 'x/k'").hasMessageContaining("formula 'n-'");
    assertThatThrownBy(() -> Catalog.load(write(GOOD.replace("\"properties\": []",
        "\"properties\": [{\"arch\": \"g80\", \"n\": 4, \"counter\": \"bankConflicts\", \"equals\": 0, \"text\": \"\"}]"))))
        .hasMessageContaining("no counter 'bankConflicts'");
    assertThatThrownBy(() -> Catalog.load(write(GOOD.replace("inclusive", "both"))))
        .hasMessageContaining("scan must be inclusive or exclusive");
  }

  @Test
  void theRepositoryCatalogLoads() throws Exception {
    Catalog c = Catalog.load(CatalogTest.root().resolve("kernels"));
    assertThat(c.kernels()).extracting(Kernel::name).contains("harris/blelloch", "harris/conflict_free_zero", "pmpp/chained_scan");
    for (Kernel k : c.kernels()) {
      assertThat(k.file()).exists();
    }
  }
}
