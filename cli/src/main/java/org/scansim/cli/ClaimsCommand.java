package org.scansim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.CatalogRun;
import org.scansim.catalog.Claims;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code scansim claims [--json]}: every quantitative statement of the seeds, tested. */
@Command(
    name = "claims",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the experiment behind each quantitative statement of the papers and books the kernels come from and prints the "
          + "statement, its source, what the simulator measured and a verdict: CONFIRMED, PARTLY (true "
          + "under the reading given) or REFUTED."
    })
final class ClaimsCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "print the claims as JSON")
  boolean json;

  @Option(names = "--threads", paramLabel = "T", description = "threads for independent blocks (default: all cores)")
  Integer threads;

  private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int t = ThreadsOption.resolve(threads, err);
    if (t < 0) {
      return Main.INVALID_INPUT;
    }
    List<Claims.Result> results;
    try {
      Catalog catalog = CatalogLocation.load();
      results = new Claims(catalog, new CatalogRun(t)).evaluate();
    } catch (Catalog.CatalogException | Claims.ClaimException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    Map<Claims.Verdict, Integer> counts = new EnumMap<>(Claims.Verdict.class);
    for (Claims.Result r : results) {
      counts.merge(r.verdict(), 1, Integer::sum);
    }
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("schemaVersion", 1);
      doc.put("claims", results);
      out.println(JSON.writeValueAsString(doc));
    } else {
      for (Claims.Result r : results) {
        out.println("[" + r.verdict() + "] " + r.id());
        out.println("  claim:    " + r.statement());
        out.println("  source:   " + r.source());
        out.println("  ran:      " + r.experiment());
        out.println("  measured: " + r.measured());
        out.println();
      }
      StringBuilder s = new StringBuilder(results.size() + " claims:");
      counts.forEach((v, c) -> s.append(' ').append(c).append(' ').append(v.name().toLowerCase(Locale.ROOT)).append(','));
      s.setLength(s.length() - 1);
      out.println(s);
    }
    out.flush();
    return Main.OK;
  }
}
