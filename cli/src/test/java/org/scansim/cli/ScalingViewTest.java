package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.scansim.pipeline.Sizes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --n N1,N2,...}: a row a size, and where the time goes on G80 and on Hopper. */
class ScalingViewTest {
  @Test
  void sizesAreNumbersPowersOfTwoAndRangesOfThem() throws Exception {
    assertThat(Sizes.parse("1024")).containsExactly(1024);
    assertThat(Sizes.parse("1000, 2^6,2^2..2^5")).containsExactly(1000, 64, 4, 8, 16, 32);
    assertThatThrownBy(() -> Sizes.parse("2^5..2^2")).hasMessage("a range runs upward (2^2..2^5), not '2^5..2^2'");
    assertThatThrownBy(() -> Sizes.parse("3..8")).hasMessageContaining("a range runs between powers of two");
    assertThatThrownBy(() -> Sizes.parse("0")).hasMessage("'0' is not a size (1 … 2^30)");
    assertThatThrownBy(() -> Sizes.parse("2^31")).hasMessage("2^31 is not a size (1 … 2^30)");
    assertThatThrownBy(() -> Sizes.parse("2147483647")).hasMessage("'2147483647' is not a size (1 … 2^30)");
    assertThatThrownBy(() -> Sizes.parse("1024,2^10")).hasMessage("n = 1024 is given twice");
    assertThatThrownBy(() -> Sizes.parse("12,,4")).hasMessageContaining("an empty size");
    assertThatThrownBy(() -> Sizes.parse("ten")).hasMessageContaining("'ten' is not a size");
    assertThatThrownBy(() -> Sizes.parse("2^0..2^30,3,5,6,7,9,10,11,12,13,14,15,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,33,34,35,36,37,38,39,40,41"))
        .hasMessageContaining("at most 64 sizes");
  }

  @Test
  void g80IsIssueBoundAtLargeSizesAndHoppersSmallSizesAreLaunchBound(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("g80.json");
    CliRun g80 = CliRun.of("run", "harris/scan_large_array", "--arch", "g80", "-D", "ELEMENTS_PER_BLOCK=512", "-D", "NUM_BANKS=16", "-D",
        "LOG_NUM_BANKS=4", "--n", "2^10,2^20", "--json", json.toString());
    assertThat(g80.code()).as(g80.err()).isEqualTo(Main.OK);
    assertThat(g80.out()).contains("time per size (timing model: g80, not calibrated against any card, 1.35 GHz)");
    JsonNode rows = new ObjectMapper().readTree(json.toFile()).get("rows");
    assertThat(rows).hasSize(2);
    JsonNode large = rows.get(1);
    assertThat(large.get("n").asLong()).isEqualTo(1 << 20);
    assertThat(large.get("result").asText()).isEqualTo("correct");
    assertThat(large.get("boundBy").asText()).isEqualTo("issue");
    // Time per element falls as the launches' fixed cost is shared by more elements.
    assertThat(large.get("nsPerElement").asDouble()).isLessThan(rows.get(0).get("nsPerElement").asDouble());
    CliRun hopper = CliRun.of("run", "harris/scan_large_array", "--n", "2^12..2^14", "--json", dir.resolve("h.json").toString());
    assertThat(hopper.code()).as(hopper.err()).isEqualTo(Main.OK);
    for (JsonNode r : new ObjectMapper().readTree(dir.resolve("h.json").toFile()).get("rows")) {
      assertThat(r.get("boundBy").asText()).as("n = " + r.get("n")).isEqualTo("fixed cost");
      assertThat(r.get("fixedShare").asDouble()).isGreaterThan(r.get("issueShare").asDouble());
    }
    // The same run again writes the same bytes.
    CliRun again = CliRun.of("run", "harris/scan_large_array", "--n", "2^12..2^14", "--json", dir.resolve("h2.json").toString());
    assertThat(again.out()).isEqualTo(hopper.out());
    assertThat(Files.readString(dir.resolve("h2.json"))).isEqualTo(Files.readString(dir.resolve("h.json")));
  }

  @Test
  void severalSizesAreRefusedWhereTheyMeanNothingAndBadSizesAreNamed() {
    for (List<String> extra : List.of(List.of("--no-timing"), List.of("--check", "races"), List.of("--device", "gpu"),
        List.of("--schedules", "2"))) {
      List<String> args = new java.util.ArrayList<>(List.of("run", "harris/blelloch", "--n", "256,512"));
      args.addAll(extra);
      CliRun r = CliRun.of(args.toArray(String[]::new));
      assertThat(r.code()).as(extra.toString()).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).as(extra.toString()).isEqualTo("scansim: error: several sizes give the timing model's time per size on the "
          + "simulated device: " + (extra.get(0).equals("--device") ? "--device gpu" : extra.get(0)) + " takes one size\n");
    }
    CliRun bad = CliRun.of("run", "harris/blelloch", "--n", "2^10..2^3");
    assertThat(bad.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(bad.err()).isEqualTo("scansim: error: --n: a range runs upward (2^3..2^10), not '2^10..2^3'\n");
  }

  @Test
  void aSizeTheKernelDoesNotLaunchIsARowThatSaysSo(@TempDir Path dir) throws Exception {
    // Listing 2 scans one block of at most 1,024 elements on Hopper: at 4,096 its host code launches nothing.
    CliRun r = CliRun.of("run", ReadmeExamplesTest.root().resolve("kernels/harris/blelloch.cu").toString(), "--expect", "exclusive", "--n", "1024,4096",
        "--seed", "7", "--json", dir.resolve("r.json").toString());
    assertThat(r.out()).contains("       1,024  correct ").contains("       4,096  WRONG (no launch)");
    assertThat(r.code()).isEqualTo(Main.FAILED);
    JsonNode doc = new ObjectMapper().readTree(dir.resolve("r.json").toFile());
    assertThat(doc.get("rows").get(1).get("boundBy").asText()).as("nothing ran: no share of anything").isEqualTo("-");
    assertThat(doc.get("inputs").get("seed").asLong()).as("the run's options reach every size").isEqualTo(7);
  }

  @Test
  void eachSizesCountsAreWhatARunOfThatSizeAloneReports(@TempDir Path dir) throws Exception {
    Path many = dir.resolve("many.json");
    CliRun r = CliRun.of("run", "harris/conflict_free", "--n", "256,2048", "--json", many.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("\nshared memory and work per size (every launch together)\n");
    JsonNode rows = new ObjectMapper().readTree(many.toFile()).get("rows");
    for (int i = 0; i < 2; i++) {
      int n = rows.get(i).get("n").asInt();
      Path one = dir.resolve("one-" + n + ".json");
      assertThat(CliRun.of("run", "harris/conflict_free", "--n", String.valueOf(n), "--json", one.toString()).code()).isEqualTo(Main.OK);
      JsonNode totals = new ObjectMapper().readTree(one.toFile()).get("totals");
      for (String c : List.of("warpInstructions", "sharedLoadInstructions", "sharedStoreInstructions", "sharedLoadBankConflicts",
          "sharedStoreBankConflicts", "maxConflictDegree", "work")) {
        assertThat(rows.get(i).get("counters").get(c).asLong()).as(c + " at n = " + n).isEqualTo(totals.get(c).asLong());
      }
    }
  }
}
