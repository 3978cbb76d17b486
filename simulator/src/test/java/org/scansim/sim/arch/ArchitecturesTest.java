package org.scansim.sim.arch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ArchitecturesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static List<String> presets() {
    return Architectures.presets();
  }

  @Test
  void presetsAreListedOldestFirst() {
    List<Double> capabilities = Architectures.presets().stream()
        .map(p -> Double.parseDouble(Architectures.preset(p).computeCapability())).toList();
    assertThat(capabilities).hasSizeGreaterThan(1).isSorted().doesNotHaveDuplicates();
  }

  @ParameterizedTest
  @MethodSource("presets")
  void eachPresetLoadsUnderItsOwnName(String name) throws ArchitectureException {
    Architecture arch = Architectures.load(name);
    assertThat(arch.name()).isEqualTo(name);
    assertThat(arch.warpSize()).isEqualTo(32);
    assertThat(arch.supportedBankWidthsBytes()).contains(arch.bankWidthBytes());
    assertThat(Architectures.load(name.toUpperCase())).isEqualTo(arch);
  }

  @ParameterizedTest
  @MethodSource("presets")
  void everyValueOfEveryPresetHasASource(String name) {
    Architecture arch = Architectures.preset(name);
    Set<String> facts =
        Arrays.stream(Architecture.class.getRecordComponents())
            .map(c -> c.getName())
            .filter(n -> !Set.of("name", "description", "sources").contains(n))
            .collect(Collectors.toSet());
    assertThat(arch.sources().keySet()).isEqualTo(facts);
    assertThat(arch.sources().values()).allSatisfy(s -> assertThat(s).isNotBlank());
  }

  @Test
  void theFileCheckerKnowsExactlyTheRecordsFieldsInOrder() {
    List<String> components =
        Arrays.stream(Architecture.class.getRecordComponents()).map(c -> c.getName()).toList();
    assertThat(ArchitectureFile.fieldNames()).isEqualTo(components);
  }

  @ParameterizedTest
  @MethodSource("presets")
  void roundTripsThroughJackson(String name) throws ArchitectureException {
    Architecture arch = Architectures.preset(name);
    String json = Architectures.toJson(arch);
    assertThat(Architectures.parse(json, "round trip")).isEqualTo(arch);
    assertThat(Architectures.toJson(Architectures.parse(json, "again"))).isEqualTo(json);
  }

  @Test
  void presetsRecordTheDocumentedFacts() {
    Architecture g80 = Architectures.preset("g80");
    assertThat(g80.description()).isEqualTo("GeForce 8800 GTX (G80, compute capability 1.0)");
    assertThat(g80.sharedMemoryBanks()).isEqualTo(16);
    assertThat(g80.requestGroupLanes()).isEqualTo(16);
    assertThat(g80.sameWordRule()).isEqualTo(SameWordRule.BROADCAST_ONE);
    assertThat(g80.wideAccess()).isEqualTo(WideAccess.SPLIT_INTO_32_BIT);
    assertThat(g80.maxThreadsPerBlock()).isEqualTo(512);
    assertThat(g80.maxSharedMemoryPerBlockBytes()).isEqualTo(16 * 1024);
    assertThat(g80.smCount()).isEqualTo(16);
    assertThat(g80.globalAccessRule()).isEqualTo(GlobalAccessRule.HALF_WARP_CC_1_0);

    Architecture kepler = Architectures.preset("kepler");
    assertThat(kepler.bankWidthBytes()).isEqualTo(4);
    assertThat(kepler.supportedBankWidthsBytes()).containsExactly(4, 8);

    Architecture hopper = Architectures.preset("hopper");
    assertThat(hopper.computeCapability()).isEqualTo("9.0");
    assertThat(hopper.smCount()).isEqualTo(132);
    assertThat(hopper.independentThreadScheduling()).isTrue();
    assertThat(hopper.maxSharedMemoryPerBlockBytes()).isEqualTo(48 * 1024);
    assertThat(hopper.maxSharedMemoryPerBlockOptInBytes()).isEqualTo(227 * 1024);
    assertThat(hopper.wideAccess()).isEqualTo(WideAccess.PHASED);
    assertThat(hopper.sources().get("wideAccess")).startsWith("measured");
  }

  @Test
  void keplerSwitchesToEightByteBanksAndOthersRefuse() throws ArchitectureException {
    Architecture wide = Architectures.withBankWidth(Architectures.preset("kepler"), 8);
    assertThat(wide.bankWidthBytes()).isEqualTo(8);
    assertThat(wide.sharedMemoryBanks()).isEqualTo(32);

    assertThatThrownBy(() -> Architectures.withBankWidth(Architectures.preset("volta"), 8))
        .isInstanceOf(ArchitectureException.class)
        .hasMessage(
            "architecture \"volta\" (Tesla V100 SXM2 (GV100 Volta, compute capability 7.0)) has no"
                + " 8-byte bank mode; its bank widths: [4]");
  }

  @Test
  void loadsAUserFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("mine.json");
    ObjectNode tree = hopperTree();
    tree.put("name", "mine");
    tree.put("smCount", 114);
    Files.writeString(file, tree.toString());
    Architecture arch = Architectures.load(file.toString());
    assertThat(arch.name()).isEqualTo("mine");
    assertThat(arch.smCount()).isEqualTo(114);
    assertThat(Architectures.presetOf(arch)).as("facts of its own").isEmpty();
  }

  @Test
  void aFileWithAPresetsFactsIsThatPresetWhateverItsName(@TempDir Path dir) throws Exception {
    ObjectNode tree = hopperTree();
    tree.put("name", "mine");
    tree.put("description", "my copy");
    Path file = Files.writeString(dir.resolve("mine.json"), tree.toString());
    assertThat(Architectures.presetOf(Architectures.load(file.toString()))).contains("hopper");
    tree.put("name", "Hopper");
    Path same = Files.writeString(dir.resolve("same.json"), tree.toString());
    assertThat(Architectures.load(same.toString()).name()).isEqualTo("Hopper");
  }

  @Test
  void aFileThatTakesAPresetsNameMustHaveItsFacts(@TempDir Path dir) throws Exception {
    ObjectNode tree = hopperTree();
    tree.put("smCount", 1);
    tree.put("maxThreadsPerBlock", 512);
    Path file = Files.writeString(dir.resolve("hopper.json"), tree.toString());
    assertThatThrownBy(() -> Architectures.load(file.toString()))
        .isInstanceOf(ArchitectureException.class)
        .hasMessage(file + ": error: field \"name\": \"hopper\" is a preset's name, and this file differs from that preset in"
            + " maxThreadsPerBlock (512; the preset's 1024), smCount (1; the preset's 132); give it a name of its own (the timing"
            + " model's calibrated parameters belong to the preset's facts)");
  }

  @Test
  void aMissingFieldIsNamed(@TempDir Path dir) throws Exception {
    ObjectNode tree = hopperTree();
    tree.remove("smCount");
    Path file = write(dir, tree);
    assertThatThrownBy(() -> Architectures.load(file.toString()))
        .isInstanceOf(ArchitectureException.class)
        .hasMessage(file + ": error: missing field \"smCount\"");
  }

  @Test
  void anUnknownFieldIsRejectedWithASuggestion(@TempDir Path dir) throws Exception {
    ObjectNode tree = hopperTree();
    tree.put("smCont", 132);
    Path file = write(dir, tree);
    assertThatThrownBy(() -> Architectures.load(file))
        .hasMessage(file + ": error: unknown field \"smCont\" (did you mean \"smCount\"?)");
  }

  @Test
  void badValuesAreNamedOneLineEach() throws Exception {
    ObjectNode tree = hopperTree();
    tree.put("sharedMemoryBanks", 24);
    tree.put("warpSize", "32");
    tree.put("sameWordRule", "BROADCAST");
    tree.put("independentThreadScheduling", 1);
    tree.put("smCount", 1.5);
    assertThatThrownBy(() -> Architectures.parse(tree.toString(), "bad.json"))
        .isInstanceOfSatisfying(
            ArchitectureException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "bad.json: error: field \"warpSize\": expected an integer, got \"32\"",
                        "bad.json: error: field \"sharedMemoryBanks\": expected 16 or 32, got 24",
                        "bad.json: error: field \"sameWordRule\": expected one of BROADCAST_ONE,"
                            + " MULTICAST, got \"BROADCAST\"",
                        "bad.json: error: field \"independentThreadScheduling\": expected true or"
                            + " false, got 1",
                        "bad.json: error: field \"smCount\": expected an integer, got 1.5"));
  }

  @Test
  void everyValueOfAUserFileNeedsACitation() throws Exception {
    ObjectNode tree = hopperTree();
    ((ObjectNode) tree.get("sources")).remove("smCount");
    ((ObjectNode) tree.get("sources")).put("bogus", "x");
    assertThatThrownBy(() -> Architectures.parse(tree.toString(), "u.json"))
        .hasMessage(
            "u.json: error: field \"sources\": entry \"bogus\" names no sourced field\n"
                + "u.json: error: field \"sources\": no citation for \"smCount\" (every value"
                + " needs one: a guide section, a whitepaper, or \"measured: ...\")");
  }

  @Test
  void inconsistentFieldsAreReported() throws Exception {
    ObjectNode tree = hopperTree();
    tree.put("bankWidthBytes", 8);
    tree.put("maxSharedMemoryPerBlockOptInBytes", 1024);
    assertThatThrownBy(() -> Architectures.parse(tree.toString(), "u.json"))
        .hasMessage(
            "u.json: error: field \"bankWidthBytes\": 8 is not in supportedBankWidthsBytes [4]\n"
                + "u.json: error: field \"maxSharedMemoryPerBlockOptInBytes\": 1024 is less than"
                + " maxSharedMemoryPerBlockBytes 49152");
  }

  @Test
  void malformedJsonGivesLineAndColumn() {
    assertThatThrownBy(() -> Architectures.parse("{\n  \"name\": \"x\",\n  oops\n}", "m.json"))
        .isInstanceOf(ArchitectureException.class)
        .hasMessageStartingWith("m.json:3:3: error: malformed JSON: ");
    assertThatThrownBy(() -> Architectures.parse("{\"name\":\"a\",\"name\":\"b\"}", "d.json"))
        .hasMessageContaining("d.json:1:")
        .hasMessageContaining("Duplicate field 'name'");
    assertThatThrownBy(() -> Architectures.parse("", "e.json"))
        .hasMessage("e.json: error: empty file, expected a JSON object");
    assertThatThrownBy(() -> Architectures.parse("[1]", "a.json"))
        .hasMessageStartingWith("a.json: error: expected a JSON object with the fields name, ");
  }

  @Test
  void anUnknownNameThatIsNoFileIsExplained() {
    assertThatThrownBy(() -> Architectures.load("pascal"))
        .isInstanceOf(ArchitectureException.class)
        .hasMessage(
            "unknown architecture \"pascal\": not a preset (" + String.join(", ", Architectures.presets())
                + ") and no such file");
  }

  @Test
  void aDirectoryIsNotAFile(@TempDir Path dir) {
    assertThatThrownBy(() -> Architectures.load(dir.toString()))
        .hasMessage(dir + ": error: is a folder, not a regular file");
  }

  private static ObjectNode hopperTree() throws IOException {
    return (ObjectNode) JSON.readTree(Architectures.toJson(Architectures.preset("hopper")));
  }

  private static Path write(Path dir, ObjectNode tree) throws IOException {
    Path file = dir.resolve("arch.json");
    Files.writeString(file, tree.toPrettyString());
    return file;
  }
}
