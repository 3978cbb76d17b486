package org.scansim.sim.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.AccessMerging.Affine;
import org.scansim.sim.engine.Addresses.Fact;

/**
 * Models nvcc serving a load from a register that already holds the value: NVVM's global value
 * numbering (LLVM's GVN) removes a load when, on every path to it, the thread has loaded or stored
 * the same address since the last instruction that may have changed it: redundant load
 * elimination and store-to-load forwarding within a thread, for every memory space, across basic
 * blocks (an available-value data-flow analysis over the control-flow graph, met by intersection
 * at joins). Where a value is available on a loop's back edges but not on entry, GVN's load PRE
 * (and LICM, for a loop-invariant address) loads it once before the loop: the loop's load is
 * counted only on a thread's first iteration ({@link CInsn#loopSlot}). Checked against the PTX
 * and SASS nvcc 13.0 makes (RedundantLoadsTest, hardware/measurements/2026-11-29-sass-memory-lines).
 *
 * <p>Addresses are affine forms ({@link Affine}) over values: a kernel's parameters and entry
 * registers, array bases, special registers, the results of instructions the form cannot follow
 * (a load, a product of two registers: the same operation on the same values is one value, as
 * GVN numbers it), and at a join the value a register has when its predecessors disagree. A
 * value computed again (the next iteration of a loop) is a new one: what was known about the old
 * one is forgotten. A value carried round a loop is translated into the loop header's terms when
 * the back edge's register is another one's value unchanged (a pointer swap of double buffering),
 * as LLVM's PHI translation does; an index stepped by a constant is not ({@link StoreForwarding}
 * models what nvcc's unrolling does with those).
 *
 * <p>What may change memory, as LLVM sees it:
 *
 * <ul>
 *   <li>a barrier ({@code __syncthreads}, {@code __syncwarp}), a fence, an atomic, a call the
 *       engine did not inline, a device {@code printf} (a call to {@code vprintf}), a launch: all
 *       memory;
 *   <li>a store: what it may overlap. Two accesses whose addresses differ by a constant overlap
 *       when their bytes do; two distinct arrays never overlap (every {@code extern __shared__}
 *       array is the one dynamic array); accesses known to be in different spaces never do
 *       (a kernel's pointer parameters point to global memory); anything else may (two pointer
 *       parameters may point into one array).
 * </ul>
 *
 * A {@code volatile} load is never removed and a {@code volatile} store tells nothing, as in CUDA.
 * Other threads' stores are not seen: between barriers nvcc assumes none (a program that races is
 * the race checker's finding). Then {@link DeadStores} removes the stores to a {@code __shared__}
 * array no load reads any more.
 *
 * <p>Only the counting changes: a removed load ({@link CInsn#elided}) still reads memory (the
 * value the thread saw, unless another thread raced on it) and still meets the checkers, but no
 * access is counted and the timing model issues no memory instruction for it. Loads {@link
 * AccessMerging} paired or widened, and those {@link ArmMerging} and {@link StoreForwarding}
 * model, are left to them. A kernel too large for the analysis's budget ({@link #MAX_WORK}) keeps
 * every load. A loop nvcc unrolls completely ({@link UnrolledLoops}) has a constant for its
 * induction variable in each copy: two addresses a multiple of it apart are told apart when they
 * are in every copy. Not modelled: what else the unrolled copies' constants let LLVM tell apart
 * (each copy on its own, padded indices), load PRE outside loops, {@code __restrict__}, and the
 * load nvcc issues before a loop that a thread leaves before the loop's own load runs (the model
 * counts it at that load's first run: a loop run no times, or left early, counts none).
 */
final class RedundantLoads {
  private RedundantLoads() {}

  /**
   * Most instruction, register and fact visits the analysis spends on one kernel before it keeps
   * every load: a few tenths of a second on a 2-core machine. The catalog's and the public
   * programs' largest kernels spend under 70,000 (the decoupled look-back, 230 instructions); a
   * kernel of 2,000 loops, each behind its own if, reaches it.
   */
  static final long MAX_WORK = 1L << 20;
  /** Most times one block is analysed again before the analysis gives up (it has not settled). */
  private static final int MAX_VISITS = 64;
  /** Most readings of one value carried round a loop (each back-edge register holding it is one). */
  private static final int MAX_TRANSLATIONS = 8;

  static final int DEFINED = 1_000_000;
  private static final int NUMBERED = 2_000_000;
  private static final int SPECIAL = 3_000_000;
  private static final int PHI = 50_000_000;
  private static final int STALE = 80_000_000;
  /** A fact's tag: available on every path, no load before the loop needed. */
  private static final int PLAIN = -1;

  /**
   * Registers' forms, and the facts with their tags: {@link #PLAIN}, or the block index of the
   * loop header before which nvcc loads the value (available on its back edges only).
   */
  private record State(Map<Integer, Affine> forms, Map<Fact, Avail> facts) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof State s && java.util.Objects.equals(s.forms, forms) && java.util.Objects.equals(s.facts, facts);
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(forms) + java.util.Objects.hashCode(facts);
    }
  }

  /**
   * How a fact's value is available: {@code tag} {@link #PLAIN} or a loop header's block index, and
   * the value's form where known (a load of it takes that value, as GVN forwards it), else null.
   */
  private record Avail(int tag, Affine value) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Avail a && a.tag == tag && java.util.Objects.equals(a.value, value);
    }

    @Override
    public int hashCode() {
      return 31 * tag + java.util.Objects.hashCode(value);
    }

    Avail meet(Avail o) {
      int t = tag == PLAIN ? o.tag : o.tag == PLAIN ? tag : Math.min(tag, o.tag);
      return new Avail(t, value != null && value.equals(o.value) ? value : null);
    }
  }

  /** Marks {@link CInsn#elided} and {@link CInsn#loopSlot} on the loads nvcc serves from registers, then the dead stores. */
  static void apply(Code code) {
    if (code.insns.length >= DEFINED || code.insns.length == 0) {
      return;
    }
    Analysis a = new Analysis(code);
    try {
      if (a.run()) {
        DeadStores.apply(code, a.bases, a.escaped);
      }
    } catch (OverBudget e) {
      for (CInsn in : code.insns) { // every load kept, as before the model
        in.elided = false;
        in.loopSlot = -1;
        in.entersLoop = null;
      }
    }
  }

  /** The analysis spent {@link #MAX_WORK}: it keeps every load. */
  private static final class OverBudget extends RuntimeException {
    OverBudget() {
      super(null, null, false, false);
    }
  }

  private static final class Analysis {
    final Code code;
    final CInsn[] insns;
    /** The blocks' first instructions, predecessors, successors and loops ({@link Blocks}). */
    final int[] starts;
    final List<List<Integer>> preds;
    final List<int[]> succs;
    final int[] loopEnd;
    final Addresses addresses;
    final Map<Object, Integer> intern = new HashMap<>();
    /** What each non-constant value depends on: the instructions and joins that make it anew. */
    final Map<Integer, Set<Integer>> sources = new HashMap<>();
    final Map<Long, Integer> phis = new HashMap<>();
    final Map<Long, Integer> stales = new HashMap<>();
    final List<Set<Integer>> phiRegs = new ArrayList<>();
    /** The registers whose values the analysis follows: addresses and what they are made of, branch conditions, stored pointers. */
    final boolean[] relevant;
    /** Per load and store: the array its address is in (-1: unknown), from the last pass. */
    final int[] bases;
    /** Arrays whose address reaches anything but an access's address. */
    final Set<Integer> escaped = new HashSet<>();
    final Map<String, Integer> slots = new HashMap<>();
    /** The values (header and fact) a load in their loop has nvcc load before it. */
    final Set<String> preLoaded = new HashSet<>();
    /** Loads after a loop that a value loaded before the loop would serve, with that value. */
    final Map<CInsn, String> afterLoop = new java.util.LinkedHashMap<>();
    /** Numbered values' operations, for {@link UnrolledLoops}. */
    final Map<Integer, UnrolledLoops.Numbered> numbered = new HashMap<>();
    /** The values each induction variable of a loop nvcc unrolls completely takes, by its atom. */
    final Map<Integer, long[]> loopValues = new HashMap<>();
    /** Each phi atom's block and register. */
    final Map<Integer, Integer> phiHeader = new HashMap<>();
    final Map<Integer, Integer> phiRegister = new HashMap<>();
    /** The instruction {@link #transfer} is at. */
    int current;
    long work;

    Analysis(Code code) {
      this.code = code;
      this.insns = code.insns;
      Blocks cfg = new Blocks(insns);
      starts = cfg.starts;
      preds = cfg.preds;
      succs = cfg.succs;
      loopEnd = cfg.loopEnd;
      bases = new int[insns.length];
      java.util.Arrays.fill(bases, -1);
      for (int b = 0; b < starts.length; b++) {
        phiRegs.add(new HashSet<>());
      }
      addresses = new Addresses(code);
      relevant = relevant(code);
    }

    int end(int b) {
      return b + 1 < starts.length ? starts[b + 1] : insns.length;
    }

    /**
     * The registers worth a form: the addresses of loads, stores and atomics, branch conditions
     * (an unrolled loop's test), pointers stored (a class's member, a lambda's capture), and
     * whatever a followed register is computed from. Others keep no form, which keeps the
     * analysis to the few registers that make addresses.
     */
    private static boolean[] relevant(Code code) {
      boolean[] r = new boolean[code.regTypes.length];
      for (CInsn in : code.insns) {
        if ((in.op == Op.LD || in.op == Op.ST || in.op == Op.ATOM || in.op == Op.CBR) && in.args.length > 0) {
          r[in.args[0]] = true;
        }
        if (in.op == Op.ST && in.type == org.scansim.frontend.ir.IrType.PTR) {
          r[in.args[1]] = true;
        }
      }
      boolean changed = true;
      while (changed) {
        changed = false;
        for (CInsn in : code.insns) {
          if (in.dst >= 0 && r[in.dst] && in.op != Op.LD) {
            for (int a : in.args) {
              if (a >= 0 && !r[a]) {
                r[a] = true;
                changed = true;
              }
            }
          }
        }
      }
      return r;
    }

    /** Runs the analysis to its fixed point and marks the loads; false when it did not settle within the budget. */
    boolean run() {
      State[] out = fixpoint();
      if (out == null) {
        return false; // not settled within the budget: every load is kept, as before the model
      }
      if (findUnrolledLoops(out)) {
        out = fixpoint(); // again, telling apart what the unrolled copies' constants do
        if (out == null) {
          return false;
        }
      }
      for (int b = 0; b < starts.length; b++) {
        if (out[b] != null) {
          transfer(b, entry(b, out), true);
        }
      }
      // A value carried round a loop serves a load after it only when a load in the loop made nvcc load it before the loop.
      afterLoop.forEach((in, key) -> in.elided = preLoaded.contains(key));
      return true;
    }

    /** Each block's state on exit, at the analysis's fixed point; null when it did not settle within the budget. */
    State[] fixpoint() {
      int blocks = starts.length;
      State[] out = new State[blocks];
      int[] visits = new int[blocks];
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      boolean[] queued = new boolean[blocks];
      queue.add(0);
      queued[0] = true;
      while (!queue.isEmpty()) {
        int b = queue.poll();
        queued[b] = false;
        if (++visits[b] > MAX_VISITS || work > MAX_WORK) {
          return null;
        }
        State s = transfer(b, entry(b, out), false);
        if (!s.equals(out[b])) {
          out[b] = s;
          for (int t : succs.get(b)) {
            if (!queued[t]) {
              queued[t] = true;
              queue.add(t);
            }
          }
        }
      }
      return out;
    }

    /**
     * Finds the loops nvcc unrolls completely ({@link UnrolledLoops}) from the states {@code out}:
     * a header's induction variables with a constant start and step and the header's exit test;
     * true when there is one.
     */
    boolean findUnrolledLoops(State[] out) {
      for (int h = 0; h < starts.length; h++) {
        CInsn test = insns[end(h) - 1];
        if (loopEnd[h] < 0 || out[h] == null || test.op != Op.CBR) {
          continue;
        }
        boolean thenIn = test.target >= starts[h] && test.target < loopEnd[h];
        boolean elseIn = test.elseTarget >= starts[h] && test.elseTarget < loopEnd[h];
        Affine condition = out[h].forms.get(test.a());
        if (thenIn == elseIn || condition == null) {
          continue;
        }
        for (int r : new TreeSet<>(phiRegs.get(h))) {
          Affine start = null;
          Affine step = null;
          boolean agree = true;
          for (int p : preds.get(h)) {
            if (out[p] == null) {
              continue;
            }
            Affine f = out[p].forms.getOrDefault(r, Affine.atom(r));
            if (p < h) {
              agree &= start == null || start.equals(f);
              start = f;
            } else {
              agree &= step == null || step.equals(f);
              step = f;
            }
          }
          Long first = start == null ? null : UnrolledLoops.eval(start, Integer.MIN_VALUE, 0, numbered, 0);
          if (!agree || first == null || step == null) {
            continue;
          }
          long[] values = UnrolledLoops.values(phi(h, r), first, step, condition, thenIn, numbered);
          if (values != null && values.length > 1) {
            loopValues.put(phi(h, r), values);
          }
        }
      }
      return !loopValues.isEmpty();
    }

    /** The state on entry to block {@code b}: what every predecessor seen so far agrees on. */
    State entry(int b, State[] out) {
      List<State> in = new ArrayList<>();
      List<Integer> from = new ArrayList<>();
      for (int p : preds.get(b)) {
        if (out[p] != null) {
          in.add(out[p]);
          from.add(p);
        }
      }
      if (b == 0) {
        // The function's entry, also a loop's header when a branch comes back to it.
        for (State p : in) {
          phiRegs.get(0).addAll(p.forms.keySet());
          p.forms.values().forEach(this::note); // an array's address round the loop: its accesses are no longer told apart
        }
        Map<Integer, Affine> forms = new HashMap<>();
        for (int r : phiRegs.get(0)) {
          forms.put(r, Affine.atom(phi(0, r)));
        }
        return new State(forms, new HashMap<>());
      }
      if (in.isEmpty()) {
        return new State(new HashMap<>(), new HashMap<>());
      }
      int source = -(b + 1);
      Set<Integer> regs = new TreeSet<>();
      for (State p : in) {
        regs.addAll(p.forms.keySet());
      }
      Map<Integer, Affine> forms = new HashMap<>();
      for (int r : regs) {
        work++;
        Affine f = null;
        boolean agree = !phiRegs.get(b).contains(r);
        for (State p : in) {
          Affine g = p.forms.getOrDefault(r, Affine.atom(r));
          if (f == null) {
            f = g;
          } else if (!f.equals(g)) {
            agree = false;
          }
        }
        if (agree && !mentions(f, source)) {
          forms.put(r, f);
        } else {
          boolean everywhere = true;
          for (State p : in) {
            everywhere &= p.forms.containsKey(r);
          }
          if (everywhere) { // (a register some way leaves unset is a temporary the join does not carry)
            for (State p : in) {
              note(p.forms.get(r)); // an array's address through a join: its accesses are no longer told apart
            }
          }
          phiRegs.get(b).add(r);
          forms.put(r, Affine.atom(phi(b, r)));
        }
      }
      Map<Fact, Avail> facts = new HashMap<>(in.get(0).facts);
      for (int k = 1; k < in.size(); k++) {
        Map<Fact, Avail> other = in.get(k).facts;
        facts.keySet().retainAll(other.keySet());
        facts.replaceAll((f, a) -> a.meet(other.get(f)));
      }
      facts.keySet().removeIf(f -> mentions(f.address(), source));
      facts.replaceAll((f, a) -> a.value() != null && mentions(a.value(), source) ? new Avail(a.tag(), null) : a);
      work += facts.size();
      boolean back = false;
      boolean enter = false;
      for (int p : from) {
        back |= p >= b;
        enter |= p < b;
      }
      if (loopEnd[b] >= 0 && back && enter) {
        // Load PRE: what every back edge carries, in the header's terms, loaded once before the loop.
        Map<Fact, Avail> carried = null;
        for (int k = 0; k < in.size(); k++) {
          if (from.get(k) >= b) {
            Set<Fact> t = translate(b, in.get(k));
            if (carried == null) {
              carried = new HashMap<>();
              for (Fact f : t) {
                carried.put(f, new Avail(b, null));
              }
            } else {
              carried.keySet().retainAll(t);
            }
          }
        }
        for (Map.Entry<Fact, Avail> e : carried.entrySet()) {
          boolean everyEntry = true;
          int tag = PLAIN;
          for (int k = 0; k < in.size() && everyEntry; k++) {
            if (from.get(k) < b) {
              Avail there = in.get(k).facts.get(forward(b, e.getKey(), in.get(k)));
              everyEntry = there != null;
              if (there != null && there.tag() != PLAIN) {
                tag = tag == PLAIN ? there.tag() : Math.min(tag, there.tag()); // itself loaded before an outer loop
              }
            }
          }
          // Available on entry too, at the address the header's registers had there: no load before the loop.
          facts.putIfAbsent(e.getKey(), everyEntry ? new Avail(tag, null) : e.getValue());
        }
      }
      return new State(forms, facts);
    }

    /** Fact {@code f}, in header {@code h}'s terms, at the end of predecessor state {@code p}: each register's value there for its phi. */
    Fact forward(int h, Fact f, State p) {
      Affine a = Affine.constant(f.address().constant());
      for (Map.Entry<Integer, Long> t : f.address().terms().entrySet()) {
        Integer r = phiHeader.get(t.getKey()) != null && phiHeader.get(t.getKey()) == h ? phiRegister.get(t.getKey()) : null;
        Affine value = r == null ? Affine.atom(t.getKey()) : p.forms.getOrDefault(r, Affine.atom(r));
        a = a.plus(value.times(t.getValue()));
      }
      return new Fact(a, f.size(), f.space() == Addresses.Space.UNKNOWN ? addresses.spaceOf(a) : f.space());
    }

    /** The facts a back edge's state holds, in the terms of header {@code h} (as LLVM's PHI translation). */
    Set<Fact> translate(int h, State back) {
      Map<Integer, List<Integer>> to = new TreeMap<>();
      for (int r : phiRegs.get(h)) {
        Affine f = back.forms.getOrDefault(r, Affine.atom(r));
        if (f.constant() == 0 && f.terms().size() == 1 && f.terms().values().iterator().next() == 1) {
          to.computeIfAbsent(f.terms().keySet().iterator().next(), k -> new ArrayList<>()).add(phi(h, r));
        }
      }
      Set<Fact> out = new HashSet<>();
      for (Fact f : back.facts.keySet()) {
        work++;
        List<Affine> readings = new ArrayList<>(List.of(Affine.constant(f.address().constant())));
        for (Map.Entry<Integer, Long> t : new TreeMap<>(f.address().terms()).entrySet()) {
          // The same value at the header, or the value a header register receives from the back edge.
          List<Integer> atoms = invariant(h, t.getKey()) ? List.of(t.getKey()) : to.getOrDefault(t.getKey(), List.of());
          if (atoms.isEmpty()) {
            readings = List.of();
            break; // a value of the last iteration: nothing known about it at the header
          }
          List<Affine> next = new ArrayList<>();
          for (Affine r : readings) {
            for (int a : atoms) {
              if (next.size() < MAX_TRANSLATIONS) {
                next.add(r.plus(Affine.atom(a).times(t.getValue())));
              }
            }
          }
          readings = next;
        }
        for (Affine r : readings) {
          out.add(new Fact(r, f.size(), f.space()));
        }
      }
      return out;
    }

    /** Whether {@code atom} is the same value everywhere in the loop headed by {@code h}. */
    boolean invariant(int h, int atom) {
      for (int s : sourcesOf(atom)) {
        int at = s >= 0 ? s : starts[-s - 1];
        if (at >= starts[h] && at < loopEnd[h]) {
          return false;
        }
      }
      return true;
    }

    State transfer(int b, State entry, boolean mark) {
      work += entry.forms.size() + entry.facts.size(); // the copies
      State s = new State(new HashMap<>(entry.forms), new HashMap<>(entry.facts));
      for (int i = starts[b]; i < end(b); i++) {
        CInsn in = insns[i];
        current = i;
        if (++work > MAX_WORK) {
          throw new OverBudget();
        }
        if (mark) {
          escapes(s, in);
        }
        switch (in.op) {
          case LD -> {
            Affine a = form(s, in.a());
            Fact f = new Fact(a, in.type.size(), addresses.space(in, a));
            boolean volatileLoad = in.ir.isVolatile();
            Avail known = volatileLoad ? null : s.facts.get(f);
            if (mark) {
              bases[i] = addresses.index(a);
              in.space = f.space().memSpace;
              if (known != null && movable(in)) {
                int h = known.tag();
                if (h == PLAIN) {
                  in.elided = true;
                } else if (i >= starts[h] && i < loopEnd[h]) {
                  in.loopSlot = slot(h, key(h, f)); // the load nvcc moves before the loop
                  preLoaded.add(key(h, f));
                } else {
                  afterLoop.put(in, key(h, f)); // served by that load, if the loop has one
                }
              }
            }
            define(s, in);
            boolean followed = relevant[in.dst];
            if (followed && known != null && known.tag() == PLAIN && known.value() != null && !mentions(known.value(), i)) {
              s.forms.put(in.dst, known.value()); // the value the register already holds, as GVN forwards it
            }
            if (!volatileLoad) {
              s.facts.put(f, new Avail(PLAIN, followed ? form(s, in.dst) : null));
            }
            continue;
          }
          case ST -> {
            Affine a = form(s, in.a());
            Fact f = new Fact(a, in.type.size(), addresses.space(in, a));
            if (mark) {
              bases[i] = addresses.index(a);
              in.space = f.space().memSpace;
            }
            work += s.facts.size();
            s.facts.keySet().removeIf(g -> mayOverlap(f, g));
            if (!in.ir.isVolatile()) {
              s.facts.put(f, new Avail(PLAIN, relevant[in.args[1]] ? form(s, in.args[1]) : null));
            }
          }
          case BAR, BAR_WARP, FENCE, ATOM, PRINTF -> s.facts.keySet().removeIf(f -> f.space() != Addresses.Space.LOCAL); // a thread's own local memory stays
          case SHFL, VOTE, ACTIVEMASK, ASSERT, BR, CBR, RET -> {}
          // other ops: arithmetic passes (Op.computes); a call, a launch, a CUDA call (or any op
          // not named) may write any memory: nothing known survives it
          default -> {
            if (!in.op.computes()) {
              s.facts.clear();
            }
          }
        }
        if (in.dst >= 0) {
          define(s, in);
        }
      }
      return s;
    }

    private static String key(int header, Fact f) {
      return header + " " + f.address().key() + " " + f.size() + " " + f.space();
    }

    /** The dynamic slot of the value {@code value} (header and fact) loaded before loop header {@code h}'s loads, given to the branches that enter it. */
    int slot(int h, String value) {
      return slots.computeIfAbsent(value, k -> {
        int slot = slots.size();
        for (CInsn in : insns) {
          if ((in.index < starts[h] || in.index >= loopEnd[h]) && (in.op == Op.BR || in.op == Op.CBR)
              && (in.target == starts[h] || in.elseTarget == starts[h])) {
            in.entersLoop = in.entersLoop == null ? new int[] {slot} : append(in.entersLoop, slot);
          }
        }
        return slot;
      });
    }

    private static int[] append(int[] a, int v) {
      int[] b = java.util.Arrays.copyOf(a, a.length + 1);
      b[a.length] = v;
      return b;
    }

    /** Records the arrays whose address {@code in} passes on to anything but an access's address or its arithmetic. */
    void escapes(State s, CInsn in) {
      switch (in.op) {
        case CVT -> {
          if (!(in.type.isInteger() && in.srcType != null && in.srcType.isInteger() && in.type.size() >= in.srcType.size())) {
            note(form(s, in.a())); // a pointer made an integer the forms do not follow
          }
          return;
        }
        case LD, MOV, ADD, SUB, PTR_ADD, SETP, ADDR -> {
          return;
        }
        case ST -> {
          note(form(s, in.args[1]));
          return;
        }
        // other ops: a pointer among the operands escapes
        default -> {
          for (int r : in.args) {
            note(form(s, r));
          }
        }
      }
    }

    private void note(Affine f) {
      for (int atom : f.terms().keySet()) {
        if (atom <= -DEFINED) {
          escaped.add(addresses.index(Affine.memory(-DEFINED - atom)));
        }
      }
    }

    /** A load no other model counts: neither half of a pair, nor a vector, nor an arm's or a loop's. */
    private static boolean movable(CInsn in) {
      return in.countedWith < 0 && !in.vector && in.widthBytes == in.type.size() && in.armPartner < 0 && in.forward == null
          && !in.vtable; // a virtual call's vtable load, one a call (the H200's counts)
    }

    /** {@code in} writes its register: values made by its earlier runs are forgotten, its new one recorded. */
    void define(State s, CInsn in) {
      if (!relevant[in.dst]) {
        return; // a value no address is made of: not followed
      }
      Affine f;
      if (in.op == Op.SREG) {
        f = Affine.atom(SPECIAL + in.ir.sreg().ordinal());
      } else if ((in.op == Op.DIV || in.op == Op.REM) && in.type.isInteger() && form(s, in.b()).isConstant()
          && form(s, in.b()).constant() != 0) {
        // Division by a constant other than 0 cannot fault: one value for the same operands, as GVN numbers it.
        AccessMerging.Numbering key = new AccessMerging.Numbering(in.op, in.type, null, null, 0, in.srcType, List.of(form(s, in.a()), form(s, in.b())));
        f = Affine.atom(intern.computeIfAbsent(key, k -> NUMBERED + intern.size()));
      } else {
        f = AccessMerging.define(code, in, s.forms, intern);
      }
      int source = in.index;
      if (!f.equals(Affine.atom(DEFINED + source))) {
        // A value the forms follow (an affine or numbered one): only an opaque result is made anew.
        recordSources(s, in, f);
        s.forms.put(in.dst, f);
        return;
      }
      work += s.forms.size() + s.facts.size();
      s.facts.keySet().removeIf(g -> mentions(g.address(), source));
      s.facts.replaceAll((g, v) -> v.value() != null && mentions(v.value(), source) ? new Avail(v.tag(), null) : v);
      for (Map.Entry<Integer, Affine> e : s.forms.entrySet()) {
        if (e.getKey() != in.dst && mentions(e.getValue(), source)) {
          e.setValue(Affine.atom(stale(source, e.getKey())));
        }
      }
      s.forms.put(in.dst, f);
    }

    /** What a value numbered for the first time ({@code f}'s new atom) depends on: its operands' sources. */
    void recordSources(State s, CInsn in, Affine f) {
      for (int atom : f.terms().keySet()) {
        if (!sources.containsKey(atom) && atom >= NUMBERED && atom < SPECIAL) {
          Set<Integer> deps = new HashSet<>();
          List<Affine> operands = new ArrayList<>();
          for (int r : in.args) {
            operands.add(form(s, r));
            for (int x : form(s, r).terms().keySet()) {
              deps.addAll(sourcesOf(x));
            }
          }
          work += deps.size();
          sources.put(atom, deps);
          numbered.put(atom, new UnrolledLoops.Numbered(in, operands));
        }
      }
    }

    Affine form(State s, int reg) {
      return AccessMerging.form(s.forms, reg, code);
    }

    /** Whether the value {@code f} depends on what {@code source} makes anew (an instruction's index, or -(block + 1) for a join). */
    boolean mentions(Affine f, int source) {
      for (int atom : f.terms().keySet()) {
        if (sourcesOf(atom).contains(source)) {
          return true;
        }
      }
      return false;
    }

    Set<Integer> sourcesOf(int atom) {
      if (atom >= DEFINED && atom < NUMBERED) {
        return Set.of(atom - DEFINED);
      }
      Set<Integer> s = sources.get(atom);
      return s == null ? Set.of() : s;
    }

    int phi(int b, int r) {
      return phis.computeIfAbsent(((long) b << 32) | r, k -> {
        int id = PHI + phis.size();
        sources.put(id, Set.of(-(b + 1)));
        phiHeader.put(id, b);
        phiRegister.put(id, r);
        return id;
      });
    }

    int stale(int source, int r) {
      return stales.computeIfAbsent(((long) source << 32) | r, k -> {
        int id = STALE + stales.size();
        sources.put(id, Set.of(source));
        return id;
      });
    }

    /** Whether a store may change what {@code known} says, in the copy of an unrolled loop the analysis is at. */
    boolean mayOverlap(Fact store, Fact known) {
      return addresses.mayOverlap(store, known, this::unrolledValues);
    }

    /**
     * The values an unrolled loop's induction variable {@code atom} may hold where the analysis is:
     * in the body the iterations' values, at the header and after the loop the one it leaves with
     * too; null when it is no such variable.
     */
    long[] unrolledValues(int atom) {
      long[] values = loopValues.get(atom);
      if (values == null) {
        return null;
      }
      int h = phiHeader.get(atom);
      boolean body = current >= end(h) && current < loopEnd[h];
      return body ? java.util.Arrays.copyOf(values, values.length - 1) : values;
    }
  }
}
