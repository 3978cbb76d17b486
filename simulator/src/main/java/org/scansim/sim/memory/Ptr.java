package org.scansim.sim.memory;

/**
 * Pointer values as the simulator holds them in a 64-bit register: a state-space tag (4 bits), an
 * allocation id (20 bits) and a signed byte offset (40 bits). Every access decodes the
 * allocation and checks the offset against it, so an out-of-bounds index is caught per declared
 * array, not per page. Null is 0. Pointer arithmetic changes only the offset.
 */
public final class Ptr {
  public static final int NULL_SPACE = 0;
  public static final int GLOBAL = 1;
  public static final int SHARED = 2;
  public static final int LOCAL = 3;
  public static final int HOST = 4;
  public static final int CONSTANT = 5;
  /** A host function's address (what a function pointer holds): no memory, its id the function's. */
  public static final int CODE = 6;

  private static final int OFFSET_BITS = 40;
  private static final long OFFSET_MASK = (1L << OFFSET_BITS) - 1;
  private static final int ID_BITS = 20;
  public static final int MAX_ID = (1 << ID_BITS) - 1;

  private Ptr() {}

  public static long make(int space, int id, long offset) {
    return ((long) space << 60) | ((long) id << OFFSET_BITS) | (offset & OFFSET_MASK);
  }

  public static int space(long p) {
    return (int) (p >>> 60);
  }

  public static int id(long p) {
    return (int) ((p >>> OFFSET_BITS) & MAX_ID);
  }

  /** The space and the allocation's id together (all a pointer holds above its offset): equal for two pointers into one allocation. */
  public static long allocation(long p) {
    return p >>> OFFSET_BITS;
  }

  /** The byte offset, sign-extended from 40 bits. */
  public static long offset(long p) {
    return (p << (64 - OFFSET_BITS)) >> (64 - OFFSET_BITS);
  }

  /**
   * p moved by {@code bytes}: only the offset changes (modulo 2^40, like the offset field). Null
   * plus a nonzero amount is an invalid pointer of the null space with that offset, which a
   * dereference reports; null plus 0 stays null. Branch-free, so lane loops over it vectorise.
   */
  public static long add(long p, long bytes) {
    return (p & ~OFFSET_MASK) | ((p + bytes) & OFFSET_MASK);
  }

  public static String spaceName(int space) {
    return switch (space) {
      case GLOBAL -> "global";
      case SHARED -> "shared";
      case LOCAL -> "local";
      case HOST -> "host";
      case CONSTANT -> "constant";
      case CODE -> "code";
      default -> "null";
    };
  }
}
