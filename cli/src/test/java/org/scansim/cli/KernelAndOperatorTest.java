package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code run --kernel} launches a __global__ function directly; {@code --op} checks a scan of any operator. */
class KernelAndOperatorTest {
  private static String example(String name) {
    return ReadmeExamplesTest.root().resolve("examples/real-world").resolve(name).toString();
  }

  private static CliRun anyOperator(String type, String op, String checkedAs, String expect) {
    List<String> args = new ArrayList<>(List.of("run", example("any_operator.cu"), "-D", "T=" + type, "-D",
        "OP_" + op.toUpperCase(Locale.ROOT), "--kernel", "scan", "--grid", "1", "--block", "128", "--shared", "2048", "--n", "100",
        "--expect", expect, "--op", checkedAs, "--check", "all", "--no-timing"));
    return CliRun.of(args.toArray(String[]::new));
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "int, sum", "int, max", "int, min", "int, prod", "int, and", "int, or", "int, xor",
      "unsigned, max", "unsigned, min", "unsigned, prod", "unsigned, and", "unsigned, xor",
      "long long, sum", "long long, min", "long long, prod", "long long, or",
      "float, sum", "float, max", "float, min", "float, prod",
      "double, sum", "double, max", "double, min", "double, prod"})
  void eachOperatorAndElementTypeIsCheckedRightAndProved(String type, String op) {
    CliRun r = anyOperator(type, op, op, "inclusive");
    assertThat(r.code()).as(r.err() + r.out()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("result: correct inclusive " + (op.equals("sum") ? "" : op + " ") + "scan")
        .contains("checks: races, bounds, init, barriers, proof: no findings");
  }

  @Test
  void aScanOfOneOperatorIsWrongForAnother() {
    CliRun max = anyOperator("int", "max", "sum", "inclusive");
    assertThat(max.code()).isEqualTo(Main.FAILED);
    assertThat(max.out()).contains("result: WRONG, not an inclusive scan").contains("the outputs combine the input with max, not");
    CliRun sum = anyOperator("float", "sum", "min", "inclusive");
    assertThat(sum.code()).isEqualTo(Main.FAILED);
    assertThat(sum.out()).contains("result: WRONG, not an inclusive min scan");
    // An inclusive scan is not the exclusive one, whose first element is the identity: for max over ints, INT_MIN.
    CliRun inclusive = anyOperator("int", "max", "max", "exclusive");
    assertThat(inclusive.out()).contains("out[0] = ").contains("expected -2147483648");
  }

  @Test
  void aBitwiseOperatorOnFloatsAndAnOperatorWithoutExpectAreRefused() {
    CliRun xor = anyOperator("float", "sum", "xor", "inclusive");
    assertThat(xor.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(xor.err()).contains("scansim: error: --op xor is a bitwise operator: scan's elements are float, and it needs an integer type");
    CliRun noExpect = CliRun.of("run", example("any_operator.cu"), "--kernel", "scan", "--grid", "1", "--block", "32", "--n", "32",
        "--op", "max");
    assertThat(noExpect.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(noExpect.err()).isEqualTo("scansim: error: --op max says which scan --expect checks: add --expect inclusive|exclusive\n");
    CliRun bad = CliRun.of("run", example("any_operator.cu"), "--n", "32", "--expect", "inclusive", "--op", "mean");
    assertThat(bad.err()).isEqualTo("scansim: error: --op takes sum, max, min, prod, and, or or xor, not 'mean'\n");
  }

  @Test
  void aKernelIsLaunchedWithItsBuffersFoundByTypeAndName() {
    // Harris's prescan(g_odata, g_idata, n): the output first, told by its name.
    CliRun harris = CliRun.of("run", ReadmeExamplesTest.root().resolve("kernels/harris/blelloch.cu").toString(), "--kernel", "prescan",
        "--grid", "1", "--block", "512", "--shared", "4096", "--n", "1024", "--expect", "exclusive", "--check", "all", "--no-timing");
    assertThat(harris.code()).as(harris.err()).isEqualTo(Main.OK);
    assertThat(harris.err()).isEqualTo("scansim: note: launching prescan<<<1, 512, 4096>>> with g_odata = the output, g_idata = the input, n = n\n");
    assertThat(harris.out()).contains("entry=prescan(float)").contains("result: correct exclusive scan").contains("no findings");
    CliRun inPlace = CliRun.of("run", example("in_place.cu"), "--kernel", "scan_in_place", "--grid", "1", "--block", "512", "--n", "1024",
        "--expect", "exclusive", "--check", "all", "--no-timing");
    assertThat(inPlace.code()).as(inPlace.err()).isEqualTo(Main.OK);
    assertThat(inPlace.err()).contains("data = the input, scanned in place, n = n");
    assertThat(inPlace.out()).contains("result: correct exclusive scan").contains("no findings");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "--kernel prescan --grid 1 --n 8|--kernel NAME needs --grid G and --block B (and --shared BYTES for dynamic shared memory)",
      "--grid 1 --block 4 --n 8|--grid, --block and --shared shape a --kernel launch: name the kernel with --kernel NAME",
      "--kernel prescan --entry blelloch --grid 1 --block 4 --n 8|--kernel launches a kernel instead of calling the host entry: give --kernel or --entry, not both",
      "--kernel prescan --grid 0 --block 4 --n 8|--grid and --block must be at least 1",
      "--kernel prescan --grid 1 --block 4 --n 8,16|--kernel takes one size: its --grid and --block are fixed",
      "--kernel blelloch --grid 1 --block 4 --n 8|'blelloch' is not a __global__ kernel: --kernel launches kernels; run a host function with --entry",
      "--kernel nothing --grid 1 --block 4 --n 8|FILE defines no kernel 'nothing'; its kernels: prescan"})
  void aLaunchTheHarnessCannotMakeIsRefusedSayingWhy(String args, String message) {
    String file = ReadmeExamplesTest.root().resolve("kernels/harris/blelloch.cu").toString();
    List<String> a = new ArrayList<>(List.of("run", file));
    a.addAll(List.of(args.split(" ")));
    CliRun r = CliRun.of(a.toArray(String[]::new));
    assertThat(r.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(r.err()).isEqualTo("scansim: error: " + message.replace("FILE", file) + "\n");
  }

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"inclusive_scan, sum, plus, inclusive", "inclusive_scan, max, greater, inclusive", "exclusive_scan, sum, plus, exclusive",
      "exclusive_scan, min, less, exclusive"})
  void aTilesScanOfCooperativeGroupsIsTheScanOfItsOperator(String scan, String op, String functor, String expect) throws Exception {
    // One warp. Rank 0 of an exclusive scan is T{} (0), the identity of a sum but not of a min: the
    // min kernel writes the identity there itself.
    String identity = op.equals("min") ? "INT_MAX" : "0";
    java.nio.file.Path file = dir.resolve("tile_scan.cu");
    java.nio.file.Files.writeString(file, """
        #include <climits>
        #include <cooperative_groups.h>
        #include <cooperative_groups/scan.h>
        namespace cg = cooperative_groups;
        __global__ void tile_scan(const int *in, int *out, int n)
        {
            auto tile = cg::tiled_partition<32>(cg::this_thread_block());
            int r = tile.thread_rank();
            int v = r < n ? in[r] : IDENTITY;
            int s = cg::SCAN(tile, v, cg::FUNCTOR<int>());
            if (r < n) out[r] = EXCLUSIVE && r == 0 ? IDENTITY : s;
            if (r == 0 && s != 0 && EXCLUSIVE) out[1] = -1; // rank 0's exclusive result must be T{}
        }
        """.replace("SCAN", scan).replace("FUNCTOR", functor).replace("IDENTITY", identity)
        .replace("EXCLUSIVE", expect.equals("exclusive") ? "1" : "0"));
    CliRun r = CliRun.of("run", file.toString(), "--kernel", "tile_scan", "--grid", "1", "--block", "32", "--n", "32", "--expect", expect,
        "--op", op, "--no-timing");
    assertThat(r.code()).as(r.err() + r.out()).isEqualTo(Main.OK);
    assertThat(r.out()).contains("result: correct " + expect + (op.equals("sum") ? "" : " " + op) + " scan");
  }
}
