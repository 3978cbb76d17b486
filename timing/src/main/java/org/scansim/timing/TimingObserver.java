package org.scansim.timing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.event.ExecutionObserver;

/**
 * Listens to the functional engine's events ({@link ExecutionObserver}) and times each launch:
 * each block's warps' instructions become {@link WarpTrace}s, each block is timed alone by
 * {@link SmModel} when the stream moves on to the next block (blocks with the same trace, as most
 * of a large scan's are, are timed once), and the launch by {@link LaunchModel} at its end.
 */
public final class TimingObserver implements ExecutionObserver {
  /**
   * One launch's predicted time (see {@link LaunchModel.LaunchTime}), and where its warps' cycles
   * went: warp-cycles by {@link Stall} (summed over the launch's blocks, in the enum's order, by
   * Nsight Compute's names), and the same per source site, the sites with the most first; and
   * the cycles of each barrier phase of the launch's slowest block.
   */
  public record LaunchTiming(String kernel, long smCycles, long durationNs, int blocksPerSm, long waves, long blockCycles, String bound,
      long issued, Map<String, Long> stalls, List<SiteStalls> sites, List<Long> phaseCycles) {}

  /** One source site's warp-cycles by stall reason (Nsight Compute's names), and their sum. */
  public record SiteStalls(String location, long total, Map<String, Long> stalls) {}

  /** The instructions given a site, in the order first met: a site is its index here. */
  private final List<Insn> siteInsns = new ArrayList<>();

  private final Architecture arch;
  private final TimingParameters params;
  private final List<LaunchTiming> launches = new ArrayList<>();
  private final Map<Insn, int[]> decoded = new IdentityHashMap<>();
  /** Blocks timed in this launch, by two 64-bit hashes of their traces (equal traces are timed once). */
  private final Map<Key, SmModel.BlockTime> timed = new HashMap<>();

  private record Key(long h1, long h2) {}

  private String kernel;
  private int threadsPerBlock;
  private int currentBlock = -1;
  private WarpTrace[] warps;
  private int registers;
  private List<SmModel.BlockTime> blocks;

  private final LoopControl loops;

  /** Times the launches of {@code module} (its loops' control is costed as nvcc unrolls them: {@link LoopControl}). */
  public TimingObserver(Architecture arch, TimingParameters params, org.scansim.frontend.ir.IrModule module) {
    this.arch = arch;
    this.params = params;
    this.loops = new LoopControl(module);
  }

  /** What the model is, in a few words, for a report: its preset, what it was calibrated on, and its clock. */
  public String model() {
    return params.arch() + (params.calibrated() ? ", calibrated on " + params.card() : ", not calibrated against any card")
        + String.format(java.util.Locale.ROOT, ", %.2f GHz", params.clockHz() / 1e9);
  }

  /** The launches timed so far, in order (a launch is added when the next begins or {@link #finish} is called). */
  public List<LaunchTiming> launches() {
    return launches;
  }

  @Override
  public void launch(String kernel, long blocks, int threadsPerBlock) {
    finish();
    timed.clear(); // memory stays bounded by one launch's distinct blocks
    this.kernel = kernel;
    this.threadsPerBlock = threadsPerBlock;
    this.blocks = new ArrayList<>();
  }

  /** Times the launch in progress, if any. */
  public void finish() {
    if (kernel == null) {
      return;
    }
    endBlock();
    LaunchModel.LaunchTime t = LaunchModel.run(blocks, threadsPerBlock, arch, params);
    long[] stalls = new long[SmModel.STALLS];
    long[] bySite = new long[siteInsns.size() * SmModel.STALLS];
    for (SmModel.BlockTime b : blocks) {
      for (int i = 0; i < stalls.length; i++) {
        stalls[i] += b.stalls()[i];
      }
      for (int i = 0; i < Math.min(bySite.length, b.siteStalls().length); i++) {
        bySite[i] += b.siteStalls()[i];
      }
    }
    // Instructions of one source position (a load and a store of `a[i] += x`) are one line.
    Map<String, long[]> byLocation = new java.util.LinkedHashMap<>();
    for (int site = 0; site < siteInsns.size(); site++) {
      Insn in = siteInsns.get(site);
      long[] sum = byLocation.computeIfAbsent(in.span() == null ? "?" : in.span().position(), k -> new long[SmModel.STALLS]);
      for (int r = 0; r < SmModel.STALLS; r++) {
        sum[r] += bySite[site * SmModel.STALLS + r];
      }
    }
    List<SiteStalls> lines = new ArrayList<>();
    for (Map.Entry<String, long[]> e : byLocation.entrySet()) {
      long total = java.util.Arrays.stream(e.getValue()).sum();
      if (total > 0) {
        lines.add(new SiteStalls(e.getKey(), total, named(e.getValue(), 0)));
      }
    }
    // The busiest first; equal ones by their place in the source (sites are numbered as first met).
    lines.sort(java.util.Comparator.comparingLong(SiteStalls::total).reversed());
    // Per barrier phase: the slowest block's (a block alone on its SM).
    SmModel.BlockTime slowest = null;
    for (SmModel.BlockTime b : blocks) {
      if (slowest == null || b.cycles() > slowest.cycles()) {
        slowest = b;
      }
    }
    List<Long> phases = new ArrayList<>();
    if (slowest != null) {
      for (long c : slowest.phaseCycles()) {
        phases.add(c);
      }
    }
    launches.add(new LaunchTiming(kernel, t.smCycles(), t.durationNs(), t.blocksPerSm(), t.waves(), t.blockCycles(), t.bound(), t.issued(),
        named(stalls, 0), List.copyOf(lines), List.copyOf(phases)));
    kernel = null;
    blocks = null;
  }

  private static Map<String, Long> named(long[] values, int from) {
    Map<String, Long> m = new java.util.LinkedHashMap<>();
    for (Stall st : Stall.values()) {
      m.put(st.metric(), values[from + st.ordinal()]);
    }
    return m;
  }

  private void endBlock() {
    if (warps == null) {
      return;
    }
    long h1 = registers;
    long h2 = ~registers;
    for (WarpTrace w : warps) {
      if (w != null) {
        w.settle();
      }
      h1 = h1 * 31 + (w == null ? 0 : w.hash(0xCBF29CE484222325L, 0x100000001B3L));
      h2 = h2 * 37 + (w == null ? 0 : w.hash(0x9E3779B97F4A7C15L, 0xBF58476D1CE4E5B9L));
    }
    WarpTrace[] ws = warps;
    int regs = registers;
    int count = siteInsns.size();
    blocks.add(timed.computeIfAbsent(new Key(h1, h2), k -> SmModel.run(nonNull(ws), regs, count, params)));
    warps = null;
    currentBlock = -1;
  }

  private static WarpTrace[] nonNull(WarpTrace[] ws) {
    WarpTrace[] out = ws.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] == null) {
        out[i] = new WarpTrace();
      }
    }
    return out;
  }

  /** Traces reused from block to block (a block's are timed, or found timed, before the next begins). */
  private WarpTrace[] pool = new WarpTrace[0];

  private WarpTrace warp(int block, int warp) {
    if (block != currentBlock) {
      endBlock(); // blocks that take turns (communicating ones) are timed in the pieces they run in
      currentBlock = block;
      int count = (threadsPerBlock + 31) / 32;
      if (pool.length != count) {
        pool = new WarpTrace[count];
      }
      warps = pool;
      for (int i = 0; i < count; i++) {
        if (warps[i] == null) {
          warps[i] = new WarpTrace();
        }
        warps[i].reset();
      }
      registers = 1;
    }
    if (warp >= warps.length) {
      warps = java.util.Arrays.copyOf(warps, warp + 1);
      pool = warps;
    }
    if (warps[warp] == null) {
      warps[warp] = new WarpTrace();
    }
    return warps[warp];
  }

  @Override
  public void issue(int block, int warp, Insn insn, int activeMask) {
    WarpTrace w = warp(block, warp);
    w.settle();
    int[] d = decoded.computeIfAbsent(insn, this::decode);
    int kind = d[0];
    if (d[6] >= 0) { // a loop's control: issued once in 4 executions, or never (LoopControl)
      if (d[6] >= w.controlCounts.length) {
        w.controlCounts = java.util.Arrays.copyOf(w.controlCounts, d[6] + 1);
      }
      int count = w.controlCounts[d[6]]++;
      if (loops.mode(d[6]) == LoopControl.Mode.FULL || count % LoopControl.UNROLL != 0) {
        kind = WarpTrace.FREE;
      }
    }
    boolean floating = insn.type() == org.scansim.frontend.ir.IrType.F32 || insn.type() == org.scansim.frontend.ir.IrType.F64;
    if (floating && (insn.op() == Op.ADD || insn.op() == Op.SUB) && w.multiplied >= 0 && (d[2] == w.multiplied || d[3] == w.multiplied)) {
      kind = WarpTrace.FREE; // a multiply and the add of its product: one FFMA
    }
    w.multiplied = floating && insn.op() == Op.MUL ? d[1] : -1;
    w.add(kind, d[1], d[2], d[3], d[4], d[7]);
    registers = Math.max(registers, d[5]);
  }

  @Override
  public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
    WarpTrace w = warp(block, warp);
    w.access(store ? WarpTrace.SHARED_ST : WarpTrace.SHARED_LD, wavefronts);
  }

  @Override
  public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors) {
    warp(block, warp).access(store ? WarpTrace.GLOBAL_ST : WarpTrace.GLOBAL_LD, sectors);
  }

  @Override
  public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
    warp(block, warp).access(store ? WarpTrace.GLOBAL_ST : WarpTrace.GLOBAL_LD, 1);
  }

  @Override
  public void atomic(int block, int warp, Insn insn, int lanes) {
    warp(block, warp).access(WarpTrace.GLOBAL_LD, Integer.bitCount(lanes));
  }

  /** kind, dst, three sources (-1: none), one more than the largest register id, the loop-control id (-1: none), and the site. */
  private int[] decode(Insn in) {
    int kind = switch (in.op()) {
      case MOV, CVT, ADDR, PTR_ADD, BR -> WarpTrace.FREE;
      case DIV, REM -> WarpTrace.SPECIAL;
      case LD, ST -> WarpTrace.MEMORY_PENDING;
      case ATOM -> WarpTrace.GLOBAL_LD;
      case BAR -> WarpTrace.BARRIER;
      case CBR, RET, BAR_WARP, FENCE, SHFL, VOTE, ACTIVEMASK, CALL, LAUNCH, CUDA, PRINTF, ASSERT -> WarpTrace.OTHER;
      case ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, NEG, NOT, SETP, MIN, MAX, ABS, POPC, CLZ, FFS, PTR_DIFF, SREG -> WarpTrace.ALU;
    };
    int[] d = {kind, -1, -1, -1, -1, 1, kind == WarpTrace.ALU || kind == WarpTrace.OTHER ? loops.id(in) : -1, siteInsns.size()};
    siteInsns.add(in); // its site: decode runs once for each instruction
    if (in.dst() != null && in.op() != Op.ST) {
      d[1] = in.dst().id();
      d[5] = Math.max(d[5], in.dst().id() + 1);
    }
    int k = 2;
    for (Operand a : in.args()) {
      if (a instanceof Reg r && k < 5) {
        d[k++] = r.id();
        d[5] = Math.max(d[5], r.id() + 1);
      }
    }
    return d;
  }
}
