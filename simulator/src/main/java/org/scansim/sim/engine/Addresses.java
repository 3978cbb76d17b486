package org.scansim.sim.engine;

import java.util.Map;
import java.util.function.IntFunction;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.sim.engine.AccessMerging.Affine;

/**
 * Where a kernel's accesses go, as {@link RedundantLoads} tells them apart: an address's space
 * and array, and whether a store may overlap what a load or store left in a register. Two
 * accesses whose addresses differ by a constant overlap when their bytes do; two distinct arrays
 * never overlap (every {@code extern __shared__} array is the one dynamic array); accesses known
 * to be in different spaces never do (a kernel's pointer parameters point to global memory);
 * anything else may (two pointer parameters may point into one array).
 */
final class Addresses {
  /** Where an access goes, as far as the code shows. */
  enum Space {
    SHARED(MemSpace.SHARED), GLOBAL(MemSpace.GLOBAL), LOCAL(MemSpace.LOCAL), CONSTANT(MemSpace.CONSTANT), UNKNOWN(null);

    final MemSpace memSpace;

    Space(MemSpace memSpace) {
      this.memSpace = memSpace;
    }

    /** A known space's, else {@link #UNKNOWN} (generic and host). */
    static Space of(MemSpace s) {
      return switch (s) {
        case SHARED -> SHARED;
        case GLOBAL -> GLOBAL;
        case LOCAL -> LOCAL;
        case CONSTANT -> CONSTANT;
        case GENERIC, HOST -> UNKNOWN;
      };
    }
  }

  /** The value at {@code address} (of {@code size} bytes, in {@code space}) is in a register. */
  record Fact(Affine address, int size, Space space) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Fact f && f.size == size && f.space == space && java.util.Objects.equals(f.address, address);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * java.util.Objects.hashCode(address) + size) + java.util.Objects.hashCode(space);
    }
  }

  private final Code code;
  /** The dynamic shared array every {@code extern __shared__} one is, or null. */
  private final Integer dynamicShared;

  Addresses(Code code) {
    this.code = code;
    Integer dyn = null;
    for (int m = 0; m < code.memory.size() && dyn == null; m++) {
      if (code.memory.get(m).space() == MemSpace.SHARED && code.memory.get(m).isDynamic()) {
        dyn = m;
      }
    }
    dynamicShared = dyn;
  }

  /** Where access {@code in} at address {@code a} goes: its IR space, or a generic one's by its address. */
  Space space(CInsn in, Affine a) {
    Space s = Space.of(in.ir.space());
    return s != Space.UNKNOWN ? s : spaceOf(a);
  }

  /** Where a generic address goes: its array's space, global through a kernel's pointer parameter, else unknown. */
  Space spaceOf(Affine a) {
    Integer base = base(a);
    if (base != null) {
      return Space.of(code.memory.get(base).space());
    }
    for (int p : code.params) {
      if (a.coefficient(p) == 1) {
        return Space.GLOBAL; // nvcc treats a kernel's pointer parameters as global
      }
    }
    return Space.UNKNOWN;
  }

  /** The array (index into the code's memory) an address is in, or -1. */
  int index(Affine a) {
    Integer base = base(a);
    return base == null ? -1 : base;
  }

  /** The array an address is in, every dynamic shared array counted as the one it is. */
  private Integer base(Affine a) {
    Integer base = a.memoryBase();
    if (base != null && dynamicShared != null && code.memory.get(base).space() == MemSpace.SHARED
        && code.memory.get(base).isDynamic()) {
      return dynamicShared;
    }
    return base;
  }

  /**
   * Whether {@code store} may overlap {@code known}. Addresses apart by a multiple of one value
   * whose possible values {@code values} gives (an unrolled loop's induction variable) overlap
   * when they do for one of them.
   */
  boolean mayOverlap(Fact store, Fact known, IntFunction<long[]> values) {
    if (store.space() != Space.UNKNOWN && known.space() != Space.UNKNOWN && store.space() != known.space()) {
      return false;
    }
    Affine d = canonical(store.address()).minus(canonical(known.address()));
    if (d.isConstant()) {
      return overlap(d.constant(), store, known);
    }
    if (d.terms().size() == 1) {
      Map.Entry<Integer, Long> t = d.terms().entrySet().iterator().next();
      long[] vs = values.apply(t.getKey());
      if (vs != null) {
        for (long v : vs) {
          if (overlap(d.constant() + t.getValue() * v, store, known)) {
            return true;
          }
        }
        return false;
      }
    }
    Integer bs = base(store.address());
    Integer bk = base(known.address());
    return bs == null || bk == null || bs.equals(bk);
  }

  /** Whether a store {@code c} bytes above {@code known} shares a byte with it. */
  private static boolean overlap(long c, Fact store, Fact known) {
    return c < known.size() && -c < store.size();
  }

  /** The address with every dynamic shared array's base written as the one array's. */
  private Affine canonical(Affine a) {
    Integer raw = a.memoryBase();
    Integer base = base(a);
    if (raw == null || raw.equals(base)) {
      return a;
    }
    return a.minus(Affine.memory(raw)).plus(Affine.memory(base));
  }
}
