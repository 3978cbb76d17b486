package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/** Every number of a preset's timing has a source; presets without timing say so. */
class TimingParametersTest {
  @Test
  void everyPresetsNumbersNameTheirSources() throws Exception {
    assertThat(TimingPresets.all().keySet()).as("every preset has timing").containsExactlyElementsOf(Architectures.presets());
    for (String arch : Architectures.presets()) {
      List<String> cards = TimingPresets.cards(Architectures.preset(arch));
      assertThat(cards).as(arch).isNotEmpty().isEqualTo(TimingPresets.all().get(arch));
      for (String card : cards) {
        TimingParameters p = TimingPresets.ofPreset(arch, card).orElseThrow();
        assertThat(p.arch()).isEqualTo(arch);
        assertThat(p.cardKey()).isEqualTo(card);
        everyNumberNamesItsSource(p);
        // Only hopper's numbers come from this project's recordings; the others say they are not calibrated.
        assertThat(p.calibrated()).as(arch).isEqualTo(arch.equals("hopper"));
      }
    }
  }

  @Test
  void g80IssuesAWarpInstructionEveryFourCyclesAndServesHalfWarps() {
    TimingParameters g80 = TimingPresets.ofPreset("g80", null).orElseThrow();
    // CUDA Programming Guide 1.x: 8 scalar processors take 4 cycles over a warp; 16 banks of 32 bits per two cycles.
    assertThat(g80.issueCycles()).isEqualTo(4);
    assertThat(g80.schedulersPerSm()).isEqualTo(1);
    assertThat(g80.sharedCyclesPerWavefront()).isEqualTo(2);
    assertThat(g80.clockHz()).isEqualTo(1_350_000_000L);
    // 86.4 GB/s at 1.35 GHz; 5 µs a launch at 1.35 GHz.
    assertThat(g80.dramBytesPerCycle()).isEqualTo(64);
    assertThat(g80.launchCycles()).isEqualTo(6750);
    assertThat(g80.sources().get("launchCycles")).contains("Volkov and Demmel");
    // Compute capability 1.x does not cache global memory: every load pays device memory and moves its sectors.
    assertThat(g80.globalCaches()).isFalse();
    assertThat(TimingPresets.ofPreset("hopper", null).orElseThrow().globalCaches()).isTrue();
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
    Architecture hopper = Architectures.preset("hopper");
    assertThat(TimingPresets.cards(hopper)).containsExactly("h100", "h200");
    assertThat(TimingPresets.of(hopper).orElseThrow().cardKey()).isEqualTo("h100");
    assertThat(TimingPresets.of(hopper, "h200").orElseThrow().cardKey()).isEqualTo("h200");
    assertThat(TimingPresets.of(hopper, "H200").orElseThrow().cardKey()).isEqualTo("h200");
    assertThat(TimingPresets.of(hopper, "a100")).isEmpty();
    assertThat(TimingPresets.cardOf(hopper, "NVIDIA H200")).isEqualTo("h200");
    assertThat(TimingPresets.cardOf(hopper, "NVIDIA H100 80GB HBM3")).isEqualTo("h100");
    assertThat(TimingPresets.cardOf(hopper, "NVIDIA A100-SXM4-40GB")).isNull();
    assertThat(TimingPresets.describeCards()).contains("hopper h100 (default) or h200").contains("g80 8800gtx");
  }

  @Test
  void theParametersFollowTheArchitecturesFactsNotItsName() throws Exception {
    Architecture hopper = Architectures.preset("hopper");
    String text = Architectures.toJson(hopper);
    // Hopper's facts under another name are hopper: its calibrated parameters apply.
    Architecture renamed = Architectures.parse(text.replace("\"name\" : \"hopper\"", "\"name\" : \"mine\""), "mine.json");
    assertThat(renamed.name()).isEqualTo("mine");
    assertThat(TimingPresets.of(renamed)).isEqualTo(TimingPresets.of(hopper));
    // One fact changed, whatever the name: no preset's, so no parameters.
    Architecture oneSm = Architectures.parse(text.replace("\"smCount\" : 132", "\"smCount\" : 1"), "hopper.json");
    assertThat(oneSm.name()).isEqualTo("hopper");
    assertThat(TimingPresets.of(oneSm)).isEmpty();
    assertThat(TimingPresets.cards(oneSm)).isEmpty();
    assertThat(TimingPresets.noParameters(oneSm)).contains("its facts are no preset's");
  }
}
