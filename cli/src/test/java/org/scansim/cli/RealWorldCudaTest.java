package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Kernels written the way people write them (examples/real-world/), each run as a user would, and right. */
class RealWorldCudaTest {
  private static String example(String name) {
    return ReadmeExamplesTest.root().resolve("examples/real-world").resolve(name).toString();
  }

  @Test
  void visualStudiosQuotedHeadersAndSpacedLaunchBracketsRunAsNvccReadsThem() {
    for (String n : new String[] {"1", "31", "1000", "1024"}) {
      CliRun r = CliRun.of("run", example("visual_studio_style.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
  }

  @Test
  void aMessageInAnAssertsConditionIsTrueAndAFailedAssertNamesIt() {
    for (String n : new String[] {"2", "64", "1024"}) {
      CliRun r = CliRun.of("run", example("assert_messages.cu"), "--n", n, "--expect", "exclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct exclusive scan").contains("no findings");
    }
    CliRun bad = CliRun.of("run", example("assert_messages.cu"), "--n", "100", "--expect", "exclusive", "--no-timing");
    assertThat(bad.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(bad.out()).contains("assert_messages.cu:53:5: assertion 'n >= 2 && n <= 2 * THREADS && (n & (n - 1)) == 0 && \"n must be a "
        + "power of two from 2 to 1024\"' failed in host code");
  }

  @Test
  void typedefsUsingAliasesCstdintTypesAndDefaultArgumentsRunAsNvccReadsThem() {
    for (String n : new String[] {"1", "31", "32", "100", "1024"}) {
      CliRun r = CliRun.of("run", example("typedefs_and_defaults.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    // The IR shows each alias resolved and the default argument passed where the call leaves it out.
    CliRun ir = CliRun.of("check", example("typedefs_and_defaults.cu"), "--ir");
    assertThat(ir.out()).contains("kernel @shfl_scan(%in.0: ptr, %out.1: ptr, %n.2: i32, %partial_sums.3: ptr)")
        .containsPattern("call @warp_inclusive_scan\\(%value\\.\\d+, %lane\\.\\d+, 4294967295\\)");
  }

  @Test
  void namespacesAliasesAndUsingDeclarationsResolveAsCppDoes() {
    for (String n : new String[] {"1", "33", "1024"}) {
      CliRun r = CliRun.of("run", example("namespaces.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("entry=scan(float)").contains("result: correct inclusive scan").contains("no findings");
    }
    CliRun check = CliRun.of("check", example("namespaces.cu"));
    assertThat(check.out()).endsWith("namespaces.cu: ok (4 functions: scanlib::detail::combine, kernel scanlib::inclusive_scan, "
        + "threads_for, scan)\n");
  }

  @Test
  void functionTemplatesAreInstantiatedPerUseExplicitOrDeduced() {
    for (String n : new String[] {"1", "100", "512", "513", "1024"}) {
      CliRun r = CliRun.of("run", example("templates.cu"), "--n", n, "--expect", "exclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct exclusive scan").contains("no findings");
    }
    // One IR function per instance, named with its arguments; a launch names the instance it runs.
    CliRun ir = CliRun.of("check", example("templates.cu"), "--ir");
    assertThat(ir.out()).contains("kernel @scan_block<256, float>(").contains("kernel @scan_block<512, float>(")
        .contains("device @combine<float>(").contains("host device @round_up<int>(")
        .containsPattern("launch @scan_block<256, float>");
    CliRun run = CliRun.of("run", example("templates.cu"), "--n", "1000", "--expect", "exclusive", "--no-timing");
    assertThat(run.out()).contains("scan_block<512, float>");
  }

  @Test
  void overloadsAreChosenByTheArgumentTypesAsCppChooses() {
    for (String n : new String[] {"1", "100", "1024"}) {
      CliRun r = CliRun.of("run", example("overloads.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    CliRun ir = CliRun.of("check", example("overloads.cu"), "--ir");
    assertThat(ir.out()).contains("device @warp_scan(float, int)(").contains("device @warp_scan(int, int)(")
        .containsPattern("call @warp_scan\\(float, int\\)\\(%value");
  }

  @Test
  void cooperativeGroupsRunAsTheirHeadersImplementThem() {
    for (String n : new String[] {"1", "31", "100", "1000", "1024"}) {
      CliRun r = CliRun.of("run", example("cooperative_groups.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    // A group is its type: no register holds it; its calls are the warp's and block's own instructions.
    CliRun ir = CliRun.of("check", example("cooperative_groups.cu"), "--ir");
    assertThat(ir.out()).contains("bar.sync").contains("shfl.down.f32").contains("shfl.up.f32").contains("vote.ballot")
        .doesNotContain("%block").doesNotContain("%tile");
  }
}
