package org.scansim.hardware;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scansim.pipeline.RunResult;
import org.scansim.sim.result.Fault;
import org.scansim.sim.run.ScanRun;

/**
 * A run on the card ({@link CardDevice}) as a {@link RunResult}: the launches with their times
 * (the median of {@code --repeat}'s runs, with the fastest and slowest), the host code's output,
 * the result against the expected scan, as text and as JSON.
 *
 * @param file    the file as the report names it
 * @param o       what the card did
 * @param expect  the scan checked, or null
 */
public record CardRun(String file, GpuRun.Outcome o, ScanRun.Expect expect) implements RunResult {
  @Override
  public String text() {
    StringBuilder s = new StringBuilder();
    s.append(file).append(" on ").append(o.card()).append(" (").append(o.arch()).append(", driver ").append(o.driverVersion() / 1000)
        .append('.').append(o.driverVersion() % 1000 / 10).append("), entry ").append(o.entry()).append(", n = ").append(o.n())
        .append(", ").append(o.elementType()).append('\n');
    s.append(o.runs() > 1 ? "launches (time: the median of " + o.runs() + " runs, and the fastest and slowest):\n" : "launches:\n");
    List<GpuRun.Launch> first = o.launchesOfRun(0);
    for (int i = 0; i < first.size(); i++) {
      GpuRun.Launch l = first.get(i);
      String time = String.format(Locale.ROOT, "%.3f ms", l.millis());
      if (o.runs() > 1) {
        double[] ms = new double[o.runs()];
        for (int r = 0; r < o.runs(); r++) {
          ms[r] = o.launchesOfRun(r).get(i).millis();
        }
        java.util.Arrays.sort(ms);
        time = String.format(Locale.ROOT, "%.3f ms (%.3f .. %.3f)", median(ms), ms[0], ms[ms.length - 1]);
      }
      s.append(String.format(Locale.ROOT, "  %d  %s<<<%s, %s, %d>>>  %s%s%n", l.index(), l.kernel(), dims(l.grid()), dims(l.block()),
          l.dynamicSharedBytes(), time, l.launchSite() == null ? "" : "  at " + l.launchSite()));
    }
    if (!o.output().isEmpty()) {
      s.append("host output:\n").append(o.output());
      if (!o.output().endsWith("\n")) {
        s.append('\n');
      }
    }
    if (o.fault() != null) {
      s.append("fault: ").append(o.fault().getMessage()).append(o.fault().span() == null ? "" : " (at " + o.fault().span().position()
          + ")").append('\n');
    } else if (o.correct() != null) {
      s.append("result: ").append(o.correct() ? "correct" : "WRONG").append(" (").append(expect.name().toLowerCase(Locale.ROOT))
          .append(" scan)\n");
      for (String m : o.mismatches()) {
        s.append("  ").append(m).append('\n');
      }
    }
    return s.toString();
  }

  private Map<String, Object> fields() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("schemaVersion", 1); // as every report scansim writes: the mark by which a later run may replace it
    m.put("file", file);
    m.put("device", "gpu");
    m.put("card", o.card());
    m.put("arch", o.arch());
    m.put("driverVersion", o.driverVersion());
    m.put("entry", o.entry());
    m.put("elementType", o.elementType());
    m.put("n", o.n());
    m.put("expect", expect == null ? null : expect.name().toLowerCase(Locale.ROOT));
    m.put("runs", o.runs());
    m.put("launches", o.launches());
    m.put("output", o.output());
    m.put("correct", o.correct());
    m.put("mismatches", o.mismatches());
    m.put("fault", o.fault() == null ? null : Map.of("kind", o.fault().kind().name(), "message", o.fault().getMessage()));
    return m;
  }

  @Override
  public String json() throws java.io.IOException {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(fields()) + "\n";
  }

  @Override
  public Fault fault() {
    return o.fault();
  }

  @Override
  public Boolean correct() {
    return o.correct();
  }

  @Override
  public boolean hasFindings() {
    return false;
  }

  /** The median of sorted values: the middle one, or the mean of the two middle ones. */
  static double median(double[] sorted) {
    int m = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
  }

  private static String dims(List<Long> d) {
    return d.get(1) == 1 && d.get(2) == 1 ? String.valueOf(d.get(0)) : d.get(0) + "x" + d.get(1) + "x" + d.get(2);
  }
}
