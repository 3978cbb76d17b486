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
    TimingParameters p = TimingParameters.of("hopper").orElseThrow();
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
  void aPresetWithoutTimingHasNone() {
    assertThat(TimingParameters.of("g80")).isEmpty();
  }
}
