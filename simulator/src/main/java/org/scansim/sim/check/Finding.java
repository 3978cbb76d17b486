package org.scansim.sim.check;

import org.scansim.sim.result.Kind;
import org.scansim.frontend.diag.Span;

/**
 * One problem a checker found, aggregated over every time it happened: the kind, the source
 * positions involved ({@code first} happened before {@code second} where two accesses are
 * involved), the array and an example index, the threads and blocks of the first occurrence, and
 * how many times it happened.
 *
 * @param kind      what it is ({@link Kind}): a race, a warp-synchronous hazard, a divergent
 *                  barrier, an access out of bounds, an uninitialised read, the scan proof's
 *                  failure, a schedule difference, or the fault the run stopped at
 * @param hazard    for races: {@code read-after-write}, {@code write-after-read} or
 *                  {@code write-after-write}; else null
 * @param first     the earlier access or the position of the problem; null when it has none
 * @param second    the later access of a pair; else null
 * @param array     the array (shared or global allocation) involved, or null
 * @param index     an example element index, or null
 * @param threads   the threads of the first occurrence, as the message names them
 * @param blocks    the blocks of the first occurrence
 * @param count     how many times it happened (accesses, for memory findings)
 * @param message   a sentence for a person, saying what happened and why it matters
 */
public record Finding(
    Kind kind,
    String hazard,
    Span first,
    Span second,
    String array,
    String index,
    String threads,
    String blocks,
    long count,
    String message) {

  /**
   * The part of a finding that tests compare exactly: kind, hazard, array and positions, e.g.
   * {@code race/read-after-write XY 12:5 14:9}. Counts and thread numbers are left out, since
   * they describe the size of the run, not the defect.
   */
  public String key() {
    return key(kind, hazard, array, first, second);
  }

  /** The same finding, happened {@code times} times. */
  public Finding withCount(long times) {
    return new Finding(kind, hazard, first, second, array, index, threads, blocks, times, message);
  }

  /** {@link #key()} of a finding with these parts, made before the finding itself (whose message costs more). */
  public static String key(Kind kind, String hazard, String array, Span first, Span second) {
    StringBuilder s = new StringBuilder(kind.spelling());
    if (hazard != null) {
      s.append('/').append(hazard);
    }
    s.append(' ').append(array == null ? "-" : array);
    if (first != null) {
      s.append(' ').append(first.line()).append(':').append(first.col());
    }
    if (second != null) {
      s.append(' ').append(second.line()).append(':').append(second.col());
    }
    return s.toString();
  }
}
