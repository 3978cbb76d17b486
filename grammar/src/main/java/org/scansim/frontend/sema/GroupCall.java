package org.scansim.frontend.sema;

/**
 * A call of cooperative groups (CUDA C++ Programming Guide, "Cooperative Groups") as the type
 * checker resolved it, for the lowering: what it does, on a group of how many threads (0: the
 * thread block), and for {@code reduce} its operator.
 *
 * @param kind    the operation
 * @param threads the group's size: a tile's, or 0 for the thread block
 * @param op      for {@link Kind#REDUCE}: plus, less, greater, bit_and, bit_or or bit_xor
 */
public record GroupCall(Kind kind, int threads, String op) {
  /** The operations of the subset's cooperative groups. */
  public enum Kind {
    /** this_thread_block(), tiled_partition<N>(g): only a type, no value. */
    MAKE,
    SYNC,
    THREAD_RANK,
    SIZE,
    META_GROUP_RANK,
    META_GROUP_SIZE,
    SHFL,
    SHFL_UP,
    SHFL_DOWN,
    SHFL_XOR,
    ANY,
    ALL,
    BALLOT,
    REDUCE,
    INCLUSIVE_SCAN,
    EXCLUSIVE_SCAN
  }
}
