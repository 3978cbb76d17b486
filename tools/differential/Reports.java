import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.CatalogRun;
import org.scansim.catalog.Kernel;
import org.scansim.cli.Main;

/**
 * Writes the reports a refactoring must not change: for every catalog kernel, three sizes on
 * hopper and on g80, without checkers and with --check all; and every run of the faulty
 * corpus's .expect files, with --check all; and every program run of
 * examples/programs/expected/runs.txt (host code with main), with and without timing. Each run's JSON report and its text output (standard
 * output, standard error, exit code) go to OUT, one file each, named after the run. Two such
 * folders, from the code before and after a change, must be byte-identical (compare.sh).
 *
 * <p>Run from the repository's root with the built jar on the class path:
 * {@code java -cp cli/target/scansim.jar tools/differential/Reports.java OUT [OPTION...]}: each
 * OPTION is added to every run (an option one side knows and the other does not, such as
 * {@code --no-timing}). Every run goes through the command line's own entry ({@code Main.execute}),
 * in one JVM; the file names leave the options out, so both sides' files pair up.
 */
public final class Reports {
  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "target/differential");
    Files.createDirectories(out);
    System.setProperty("scansim.home", Path.of("").toAbsolutePath().toString());
    List<List<String>> runs = new ArrayList<>();
    Catalog catalog = Catalog.load(Path.of("kernels"));
    for (Kernel k : catalog.kernels()) {
      for (String arch : List.of("hopper", "g80")) {
        List<Integer> sizes = CatalogRun.sizesOf(k, arch).stream().filter(n -> n <= 65537).toList();
        if (sizes.isEmpty()) {
          continue;
        }
        for (int n : List.of(sizes.get(0), sizes.get(sizes.size() / 2), sizes.get(sizes.size() - 1)).stream().distinct().toList()) {
          runs.add(List.of("run", k.name(), "--n", String.valueOf(n), "--arch", arch));
          runs.add(List.of("run", k.name(), "--n", String.valueOf(n), "--arch", arch, "--check", "all"));
        }
      }
    }
    List<Path> expects;
    try (Stream<Path> s = Files.list(Path.of("kernels", "faulty"))) {
      expects = s.filter(p -> p.toString().endsWith(".expect") && !p.getFileName().toString().equals("catalog.expect"))
          .sorted().toList();
    }
    for (Path e : expects) {
      String cu = e.toString().replaceFirst("\\.expect$", ".cu");
      for (String line : Files.readAllLines(e)) {
        if (line.startsWith("run:")) {
          List<String> run = new ArrayList<>(List.of("run", cu));
          run.addAll(List.of(line.substring(4).trim().split("\\s+")));
          run.addAll(List.of("--check", "all"));
          runs.add(run);
        }
      }
    }
    // Whole programs (host code with main): every run of examples/programs/expected/runs.txt, with and without timing.
    Path programs = Path.of("examples", "programs");
    for (String line : Files.readAllLines(programs.resolve("expected").resolve("runs.txt"))) {
      String[] f = line.split("\\|", -1);
      if (f.length < 3) {
        continue;
      }
      for (boolean timing : new boolean[] {true, false}) {
        List<String> run = new ArrayList<>(List.of("run"));
        for (String file : f[1].trim().split("\\s+")) {
          run.add(programs.resolve(file).toString());
        }
        run.addAll(List.of("--files-from", programs.toString()));
        if (!timing) {
          run.add("--no-timing");
        }
        if (!f[2].isBlank()) {
          run.add("--");
          run.addAll(List.of(f[2].trim().split("\\s+")));
        }
        runs.add(run);
      }
    }
    int i = 0;
    for (List<String> run : runs) {
      String name = String.format("%04d-%s", i++, String.join("_", run.subList(1, run.size())).replaceAll("[^A-Za-z0-9._-]", "_"));
      List<String> args2 = new ArrayList<>(run);
      int dashes = args2.indexOf("--"); // a program's own arguments stay last
      List<String> extra = new ArrayList<>(List.of(args).subList(Math.min(1, args.length), args.length));
      extra.addAll(List.of("--json", out.resolve(name + ".json").toString()));
      args2.addAll(dashes < 0 ? args2.size() : dashes, extra);
      StringWriter o = new StringWriter();
      StringWriter err = new StringWriter();
      int code = Main.execute(args2.toArray(String[]::new), new PrintWriter(o), new PrintWriter(err));
      Files.writeString(out.resolve(name + ".txt"), "$ scansim " + String.join(" ", run) + "\nexit " + code + "\n" + o + err,
          StandardCharsets.UTF_8);
    }
    System.out.println(runs.size() + " runs written to " + out);
  }
}
