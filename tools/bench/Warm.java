import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;

/**
 * Warm in-process timing of Harris's arbitrary-size scan through the public API, for
 * side-by-side runs (side-by-side.sh REV --warm): N [checked] → the median of 5 runs after 2 warm-up
 * runs, in seconds, on stdout. Run from the repository root: java -cp scansim.jar Warm.java N.
 */
public class Warm {
  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    boolean checked = args.length > 1 && args[1].equals("checked");
    Frontend.Result r = Frontend.compileFile(Path.of("kernels/harris/scan_large_array.cu"), Map.of());
    ScanRun.Request req = ScanRun.Request.of(n, Architectures.preset("hopper")).expect(ScanRun.Expect.EXCLUSIVE);
    if (checked) {
      req = req.withOptions(new ScanRun.Options(Set.of(Check.values()), 0, 0, false, 1L << 31));
    }
    double[] t = new double[7];
    for (int i = 0; i < t.length; i++) {
      long start = System.nanoTime();
      ScanRun.Outcome o = ScanRun.run(r, req);
      t[i] = (System.nanoTime() - start) / 1e9;
      if (!Boolean.TRUE.equals(o.correct())) {
        throw new AssertionError("wrong result");
      }
    }
    double[] timed = Arrays.copyOfRange(t, 2, t.length);
    Arrays.sort(timed);
    System.out.println(timed[timed.length / 2]);
  }
}
