package org.scansim.sim.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * The allocations of one address space (global device memory, or host memory), indexed by the
 * id a pointer carries. Freed allocations keep their slot so a dangling pointer is reported as a
 * use after free rather than reaching a newer buffer. The total size is bounded by a budget.
 */
public final class Heap {
  private final int space;
  private final List<Allocation> allocations = new ArrayList<>();
  private final long budgetBytes;
  private long liveBytes;
  /** Whether new allocations keep their words' taint ({@link #keepNoTaint}). */
  private boolean taint = true;

  /** The most allocations this heap makes ({@link #MAX_ALLOCATIONS} for device memory). */
  private final int maxAllocations;

  public Heap(int space, long budgetBytes) {
    this(space, budgetBytes, MAX_ALLOCATIONS);
  }

  public Heap(int space, long budgetBytes, int maxAllocations) {
    this.space = space;
    this.budgetBytes = budgetBytes;
    this.maxAllocations = Math.min(Ptr.MAX_ID, maxAllocations);
    allocations.add(null); // id 0 is never used, so no valid pointer is 0
  }

  /**
   * Most allocations of one run, freed ones included (each keeps its slot). A host loop of a
   * million {@code cudaMalloc}s reached 3.2 GB; a scan allocates a few buffers a level.
   */
  static final int MAX_ALLOCATIONS = 100_000;

  /** A new zero-filled allocation, or null when the budget or the id space is exhausted ({@link #whyNot} says which). */
  public Allocation allocate(String name, long size) {
    if (whyNot(size) != null) {
      return null;
    }
    Allocation a = new Allocation(name, space, (int) size, 0, taint);
    a.id = allocations.size();
    allocations.add(a);
    liveBytes += size;
    return a;
  }

  /**
   * Allocations from now on keep no taint (a quarter of their size again): a whole program's host
   * memory, since every copy from its host to the device marks what it copies as the input, and
   * nothing else reads the taint of host memory (docs/performance.md, "Memory of a large program").
   */
  public void keepNoTaint() {
    taint = false;
  }

  /** Why an allocation of {@code size} bytes would be refused, or null if it would not. */
  public String whyNot(long size) {
    if (size < 0 || size > Integer.MAX_VALUE - 64) {
      return Long.toUnsignedString(size) + " bytes is more than the " + (Integer.MAX_VALUE - 64) + " bytes scansim holds in one allocation";
    }
    if (pastBudget(size)) {
      return size + " bytes would pass the memory budget of " + budgetBytes + " bytes (" + liveBytes + " bytes are allocated"
          + " and not freed)";
    }
    if (allocations.size() > maxAllocations) {
      return "the run has made " + maxAllocations + " allocations, the most one run may make (freed ones count too)";
    }
    return null;
  }

  /** Whether the budget (not the most one allocation holds, nor the count of allocations) refuses {@code size} bytes. */
  public boolean pastBudget(long size) {
    return size >= 0 && size <= Integer.MAX_VALUE - 64 && liveBytes + size > budgetBytes;
  }

  public long budgetBytes() {
    return budgetBytes;
  }

  public long pointerTo(Allocation a) {
    return Ptr.make(space, a.id, 0);
  }

  public long pointer(int id) {
    return Ptr.make(space, id, 0);
  }

  public Allocation get(int id) {
    return id > 0 && id < allocations.size() ? allocations.get(id) : null;
  }

  /**
   * Frees {@code a}: its slot keeps a freed stand-in of no bytes, so that a dangling pointer is
   * still a use after free while the memory itself goes (a loop of allocations and frees stays
   * within the heap's budget in Java's heap too).
   */
  public void free(Allocation a) {
    if (!a.freed) {
      a.freed = true;
      liveBytes -= a.size();
      Allocation gone = new Allocation(a.name, space, 0, a.base);
      gone.id = a.id;
      gone.freed = true;
      allocations.set(a.id, gone);
    }
  }

  public long liveBytes() {
    return liveBytes;
  }
}
