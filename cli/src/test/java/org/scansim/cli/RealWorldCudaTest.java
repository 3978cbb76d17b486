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

  @Test
  void plainStructsAreCopiedPassedReturnedAndKeptInSharedMemory() {
    for (String n : new String[] {"1", "31", "1000", "1024"}) {
      CliRun r = CliRun.of("run", example("structs.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    // Item is 8 bytes, 8-byte aligned in shared memory: a copy's two 4-byte fields are one 64-bit
    // access (nvcc's STS.64), two wavefronts and no conflict, named by the array it is in.
    CliRun r = CliRun.of("run", example("structs.cu"), "--n", "1024", "--expect", "inclusive", "--no-timing");
    assertThat(r.out()).contains("structs.cu:40:5   buffer  st         32          64          0        1")
        .doesNotContain("  ?  ");
    CliRun ir = CliRun.of("check", example("structs.cu"), "--ir");
    assertThat(ir.out()).contains("device @combine(%result.0: ptr, %a.1: ptr, %b.2: ptr)").contains("shared @buffer: u8[16384]")
        .contains("local @w: u8[16]");
  }

  @Test
  void vectorTypesLoadAndStoreTheirComponents() {
    for (String n : new String[] {"4", "100", "1024"}) {
      CliRun r = CliRun.of("run", example("vector_types.cu"), "--n", n, "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    // A float4 moves as one 16-byte access (nvcc's LDG.E.128): 256 threads load 4 KiB in 8 warp
    // instructions of 16 sectors each.
    CliRun run = CliRun.of("run", example("vector_types.cu"), "--n", "1024", "--expect", "inclusive", "--no-timing");
    assertThat(run.out()).containsPattern("scan_vec4 +\\d+/\\d+ +\\d+/\\d+ +\\d+/\\d+ +\\d+ +8/8 +128/128");
    CliRun ir = CliRun.of("check", example("vector_types.cu"), "--ir");
    assertThat(ir.out()).contains("device @scan4(%result.0: ptr, %v.1: ptr)").contains("ld.generic.v4.f32");
  }

  @Test
  void aVectorAccessAtAnAddressNotAlignedToItsWidthStopsTheKernel() throws Exception {
    java.nio.file.Path file = dir.resolve("misaligned.cu");
    java.nio.file.Files.writeString(file, """
        __global__ void shifted(const float *in, float *out, int n)
        {
            int t = threadIdx.x;
            float4 v = reinterpret_cast<const float4 *>(in + 1)[t];
            out[t] = v.x + v.y + v.z + v.w;
        }
        """);
    CliRun r = CliRun.of("run", file.toString(), "--kernel", "shifted", "--grid", "1", "--block", "32", "--n", "256", "--expect",
        "inclusive", "--no-timing");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out() + r.err()).contains("misaligned.cu:4:").contains("misaligned address: a 16-byte vector load from byte 4 of global");
    // 64 elements: lanes 16 on read past the input, so the access takes the lane-by-lane path,
    // which checks every lane's alignment before any data moves
    CliRun checked = CliRun.of("run", file.toString(), "--kernel", "shifted", "--grid", "1", "--block", "32", "--n", "64", "--expect",
        "inclusive", "--no-timing", "--check", "bounds,init");
    assertThat(checked.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(checked.out() + checked.err()).contains("misaligned.cu:4:")
        .contains("misaligned address: a 16-byte vector load from byte 4 of global");
    // and an aligned vector load on that path does not fault: its lanes past the input are the bounds checker's finding
    java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file).replace("(in + 1)", "(in + 4)"));
    CliRun aligned = CliRun.of("run", file.toString(), "--kernel", "shifted", "--grid", "1", "--block", "32", "--n", "64",
        "--no-timing", "--check", "bounds,init");
    assertThat(aligned.code()).as(aligned.out() + aligned.err()).isEqualTo(Main.FAILED);
    assertThat(aligned.out() + aligned.err()).doesNotContain("misaligned address").contains("out-of-bounds");
  }

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir;

  @Test
  void structValuesOfEveryShapeRunAsCDefinesThem() {
    // Each term of the kernel's delta is zero when a struct's value is what C says; a wrong one
    // breaks the scan. The file is the one crosschecked on the H200 (outputs bit-identical).
    String file = ReadmeExamplesTest.root().resolve("hardware/measurements/2026-11-27-h200-structs/shapes.cu").toString();
    CliRun r = CliRun.of("run", file, "--kernel", "k", "--grid", "1", "--block", "64", "--n", "64", "--expect", "inclusive",
        "--no-timing");
    assertThat(r.code()).as(r.err() + r.out()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("result: correct inclusive scan");
  }

  @Test
  void aFileOfKernelTemplatesLaunchesTheInstancesItInstantiates() {
    for (String[] k : new String[][] {{"block_scan<256, float>", "256"}, {"block_scan<1024,int>", "1024"}}) {
      CliRun r = CliRun.of("run", example("kernel_template.cu"), "--kernel", k[0], "--grid", "1", "--block", k[1], "--n", "200",
          "--expect", "inclusive", "--check", "all", "--no-timing");
      assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
      assertThat(r.out()).contains("result: correct inclusive scan").contains("no findings");
    }
    CliRun bare = CliRun.of("run", example("kernel_template.cu"), "--kernel", "block_scan", "--grid", "1", "--block", "256", "--n", "8",
        "--expect", "inclusive", "--no-timing");
    assertThat(bare.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(bare.err()).contains("'block_scan' is a kernel template: name one of its instances in")
        .contains("block_scan<256, float>, block_scan<1024, int> (--kernel 'block_scan<256, float>')");
    CliRun other = CliRun.of("run", example("kernel_template.cu"), "--kernel", "block_scan<512, float>", "--grid", "1", "--block", "512",
        "--n", "8", "--expect", "inclusive", "--no-timing");
    assertThat(other.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(other.err()).contains("has no instance 'block_scan<512, float>' of the kernel template 'block_scan' (its instances:"
        + " block_scan<256, float>, block_scan<1024, int>): instantiate it in the file, as C++ does: template __global__ void"
        + " block_scan<512, float>(PARAMETER TYPES);");
  }

  @Test
  void aFindingInAStructNamesItsField() throws Exception {
    java.nio.file.Path file = dir.resolve("fields.cu");
    java.nio.file.Files.writeString(file, """
        struct Item { float value; int owner; };
        __global__ void k(const float *in, float *out, int n)
        {
            __shared__ Item items[64];
            Item mine;
            int t = threadIdx.x;
            items[t].value = in[t];
            items[1].owner = t;           // every thread writes one field: a race on items[1].owner
            mine.value = items[t].value;
            out[t] = mine.value + mine.owner;   // mine.owner was never written
        }
        """);
    CliRun r = CliRun.of("run", file.toString(), "--kernel", "k", "--grid", "1", "--block", "64", "--n", "64", "--expect", "inclusive",
        "--check", "races,init", "--no-timing");
    assertThat(r.out()).contains("write-after-write on shared items[1].owner: thread 0")
        .contains("read of local mine.owner, which nothing has written");
  }

  @Test
  void copyingAPartlyWrittenStructIsNoReadButReadingTheUnwrittenFieldIs() throws Exception {
    java.nio.file.Path file = dir.resolve("partial.cu");
    java.nio.file.Files.writeString(file, """
        struct P { float v; int flag; };
        __global__ void k(const float *in, float *out, int n)
        {
            P p;
            p.v = in[threadIdx.x];
            P q = p;                              // flag is copied, not read (C11 6.2.6.1)
            out[threadIdx.x] = q.v;
        #ifdef READ_FLAG
            out[threadIdx.x] += q.flag;           // now it is read
        #endif
        }
        """);
    String[] run = {"run", file.toString(), "--kernel", "k", "--grid", "1", "--block", "32", "--n", "32", "--check", "init", "--no-timing"};
    assertThat(CliRun.of(run).out()).contains("checks: init: no findings");
    String[] flagged = java.util.Arrays.copyOf(run, run.length + 2);
    flagged[run.length] = "-D";
    flagged[run.length + 1] = "READ_FLAG";
    assertThat(CliRun.of(flagged).out()).contains("partial.cu:9:").contains("read of local q.flag, which nothing has written");
  }
}
