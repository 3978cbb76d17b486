package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The crosscheck's text and JSON say the same: each kernel's recorded rows (the H100's JSON),
 * read back and printed, are the text the same run printed on the card, counters table and
 * sanitizer findings included.
 */
class CrosscheckTextTest {
  @Test
  void theRecordedJsonPrintsAsTheRecordedText() throws Exception {
    ObjectMapper json = new ObjectMapper();
    for (Path dir : CrosscheckCountersReplayTest.DIRS.subList(0, 1)) {
      String text = Files.readString(dir.resolve("crosscheck.txt"));
      int kernels = 0;
      for (String line : Files.readAllLines(dir.resolve("crosscheck.jsonl"))) {
        JsonNode doc = json.readTree(line);
        for (JsonNode k : doc.get("kernels")) {
          List<CrosscheckRow> rows = new ArrayList<>();
          for (JsonNode r : k.get("sizes")) {
            rows.add(json.treeToValue(r, CrosscheckRow.class));
          }
          String printed = CrosscheckText.text(Path.of(k.get("file").asText()), doc.get("card").asText(), doc.get("arch").asText(), rows);
          assertThat(text).as(k.get("file").asText()).contains(printed);
          assertThat(printed).contains("smsp__sass_inst_executed_op_shared_ld.sum");
          kernels++;
        }
      }
      assertThat(kernels).isEqualTo(26);
    }
  }
}
