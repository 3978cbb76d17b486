package org.scansim.sim.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * The allocations of one address space (global device memory, or host memory), indexed by the
 * id a pointer carries. Freed allocations keep their slot so a dangling pointer is reported as a
 * use after free rather than reaching a newer buffer. The total size is bounded by a budget.
 */
final class Heap {
  private final int space;
  private final List<Allocation> allocations = new ArrayList<>();
  private final long budgetBytes;
  private long liveBytes;

  Heap(int space, long budgetBytes) {
    this.space = space;
    this.budgetBytes = budgetBytes;
    allocations.add(null); // id 0 is never used, so no valid pointer is 0
  }

  /** A new zero-filled allocation, or null when the budget or the id space is exhausted. */
  Allocation allocate(String name, long size) {
    if (size < 0 || size > Integer.MAX_VALUE - 64 || liveBytes + size > budgetBytes || allocations.size() > Ptr.MAX_ID) {
      return null;
    }
    Allocation a = new Allocation(name, space, (int) size, 0);
    a.id = allocations.size();
    allocations.add(a);
    liveBytes += size;
    return a;
  }

  long pointerTo(Allocation a) {
    return Ptr.make(space, a.id, 0);
  }

  long pointer(int id) {
    return Ptr.make(space, id, 0);
  }

  Allocation get(int id) {
    return id > 0 && id < allocations.size() ? allocations.get(id) : null;
  }

  void free(Allocation a) {
    if (!a.freed) {
      a.freed = true;
      liveBytes -= a.size();
    }
  }

  long liveBytes() {
    return liveBytes;
  }
}
