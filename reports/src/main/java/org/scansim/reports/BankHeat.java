package org.scansim.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.scansim.frontend.ir.Insn;
import org.scansim.sim.event.ExecutionObserver;

/**
 * How hard each shared-memory bank worked, per source site and barrier phase: for every warp's
 * shared access, the distinct bank-wide words (4 bytes; 8 in Kepler's 8-byte mode) of its lanes in
 * each bank (a bank holding k words of one request takes k passes; a wider access counts each of its
 * words; on G80 the warp's two half-warp requests are counted together). Summed over every
 * request of a launch, per site (the access's source position), per barrier phase of its block
 * (the {@code __syncthreads} the block has passed) and per bank: a site without conflicts spreads
 * its words evenly, a conflicted one piles them on few banks. Blocks may be heard on several
 * threads ({@link #worker}); the sums do not depend on which.
 */
public final class BankHeat implements ExecutionObserver {
  /** Barrier phases kept apart: the last row sums phase {@code MAX_PHASES - 1} and every later one. */
  public static final int MAX_PHASES = 64;

  /** Launches kept: a program of many launches keeps its first ones (the page draws no more). */
  public static final int MAX_LAUNCHES = 32;

  private final int banks;
  private final int width;
  private final Sink self;
  private final List<Sink> sinks = new ArrayList<>();
  private final List<Launch> launches = new ArrayList<>();
  private String kernel;

  /**
   * One launch's heat: per site ({@link #key}: its position and operation, as the report's sites
   * name them), a table of phase × bank (at most {@link #MAX_PHASES} rows).
   */
  public record Launch(int index, String kernel, Map<String, long[][]> sites) {}

  /** A site's key: {@code kernels/x.cu:38:13 ld}; a load and a store at one position are two sites. */
  public static String key(String location, String operation) {
    return location + " " + operation;
  }

  /** A heat map of an architecture of {@code banks} banks of {@code widthBytes}-byte words. */
  public BankHeat(int banks, int widthBytes) {
    this.banks = banks;
    this.width = widthBytes;
    this.self = new Sink(banks, widthBytes);
    sinks.add(self);
  }

  @Override
  public synchronized void launch(String kernel, long blocks, int threadsPerBlock) {
    finish();
    this.kernel = kernel;
  }

  @Override
  public synchronized ExecutionObserver worker() {
    Sink s = new Sink(banks, width);
    sinks.add(s);
    return s;
  }

  @Override
  public synchronized void restart() {
    launches.clear();
    sinks.forEach(Sink::clear);
    kernel = null;
  }

  @Override
  public boolean wantsSharedAddresses() {
    return true;
  }

  @Override
  public void blockBegin(int block) {
    self.blockBegin(block);
  }

  @Override
  public void barrier(int block, Insn insn) {
    self.barrier(block, insn);
  }

  @Override
  public void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {
    self.sharedAddresses(block, warp, insn, store, lanes, size, addresses);
  }

  /** The launches heard (the first {@link #MAX_LAUNCHES}), the last one finished. */
  public synchronized List<Launch> launches() {
    finish();
    return List.copyOf(launches);
  }

  private void finish() {
    if (kernel == null) {
      return;
    }
    // by position, then operation: the report's order of sites
    Map<String, List<long[]>> merged = new TreeMap<>(java.util.Comparator.comparing((String k) -> k.substring(0, k.lastIndexOf(' ')),
        RunReport::byPosition).thenComparing(k -> k.substring(k.lastIndexOf(' ') + 1)));
    for (Sink s : sinks) {
      s.heat.forEach((insn, phases) -> {
        String site = key(insn.span() == null ? "?" : insn.span().position(), insn.op().name().toLowerCase(java.util.Locale.ROOT));
        List<long[]> into = merged.computeIfAbsent(site, k -> new ArrayList<>());
        for (int p = 0; p < phases.size(); p++) {
          while (into.size() <= p) {
            into.add(new long[banks]);
          }
          long[] from = phases.get(p);
          for (int b = 0; b < banks; b++) {
            into.get(p)[b] += from[b];
          }
        }
      });
      s.clear();
    }
    Map<String, long[][]> sites = new java.util.LinkedHashMap<>();
    merged.forEach((site, phases) -> sites.put(site, phases.toArray(new long[0][])));
    if (launches.size() < MAX_LAUNCHES) {
      launches.add(new Launch(launches.size(), kernel, sites));
    }
    kernel = null;
    sinks.removeIf(x -> x != self); // the launch's workers are done: a long program keeps no more of them
  }

  /** One thread's sums. */
  private static final class Sink implements ExecutionObserver {
    private final int banks;
    private final int width;
    /** Per instruction (by identity: no text is made per access), its phases' rows. */
    private final Map<Insn, List<long[]>> heat = new java.util.IdentityHashMap<>();
    private final Map<Integer, Integer> phase = new java.util.HashMap<>();
    private final int[] words = new int[128];

    Sink(int banks, int width) {
      this.banks = banks;
      this.width = width;
    }

    void clear() {
      heat.clear();
      phase.clear();
    }

    @Override
    public boolean wantsSharedAddresses() {
      return true;
    }

    @Override
    public void blockBegin(int block) {
      phase.put(block, 0);
    }

    @Override
    public void barrier(int block, Insn insn) {
      phase.merge(block, 1, Integer::sum);
    }

    @Override
    public void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {
      int p = Math.min(MAX_PHASES - 1, phase.getOrDefault(block, 0));
      List<long[]> phases = heat.computeIfAbsent(insn, k -> new ArrayList<>());
      while (phases.size() <= p) {
        phases.add(new long[banks]);
      }
      long[] row = phases.get(p);
      // the distinct words of the request, each counted once in its bank
      int n = 0;
      int pieces = Math.max(1, size / width);
      for (int m = lanes; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        for (int k = 0; k < pieces; k++) {
          int word = addresses[l] / width + k;
          boolean seen = false;
          for (int i = 0; i < n && !seen; i++) {
            seen = words[i] == word;
          }
          if (!seen && n < words.length) {
            words[n++] = word;
            row[Math.floorMod(word, banks)]++;
          }
        }
      }
    }
  }
}
