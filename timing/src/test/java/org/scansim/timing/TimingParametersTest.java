package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every number of a preset's timing has a source; presets without timing say so. */
class TimingParametersTest {
  @Test
  void everyHopperNumberNamesItsSource() throws Exception {
    for (String card : TimingParameters.cards("hopper")) {
      everyNumberNamesItsSource(TimingParameters.of("hopper", card).orElseThrow());
    }
  }

  private static void everyNumberNamesItsSource(TimingParameters p) {
    List<String> numbers = new ArrayList<>();
    new ObjectMapper().valueToTree(p).fields().forEachRemaining(e -> {
      if (e.getValue().isNumber()) {
        numbers.add(e.getKey());
      }
    });
    assertThat(numbers).hasSizeGreaterThan(10);
    assertThat(p.sources().keySet()).containsAll(numbers);
    assertThat(p.sources().values()).allMatch(s -> !s.isBlank());
  }

  @Test
  void eachCardHasItsOwnFileAndADeviceNameFindsIt() {
    assertThat(TimingParameters.cards("hopper")).containsExactly("h100", "h200");
    assertThat(TimingParameters.of("hopper").orElseThrow().cardKey()).isEqualTo("h100");
    assertThat(TimingParameters.of("hopper", "h200").orElseThrow().cardKey()).isEqualTo("h200");
    assertThat(TimingParameters.of("hopper", "a100")).isEmpty();
    assertThat(TimingParameters.cardOf("hopper", "NVIDIA H200")).isEqualTo("h200");
    assertThat(TimingParameters.cardOf("hopper", "NVIDIA H100 80GB HBM3")).isEqualTo("h100");
    assertThat(TimingParameters.cardOf("hopper", "NVIDIA A100-SXM4-40GB")).isNull();
  }

  @Test
  void aPresetWithoutTimingHasNone() {
    assertThat(TimingParameters.of("g80")).isEmpty();
  }
}
