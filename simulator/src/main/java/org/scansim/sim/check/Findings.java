package org.scansim.sim.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects findings, one per {@link Finding#key() key} in the order they first happened, each
 * with the details of its first occurrence and a count of all of them. Bounded: after
 * {@link #MAX_DISTINCT} distinct findings further kinds are only counted, so a hostile kernel
 * cannot exhaust memory through its findings.
 */
public final class Findings {
  public static final int MAX_DISTINCT = 200;

  private final Map<String, Finding> byKey = new LinkedHashMap<>();
  private final Map<String, Long> counts = new LinkedHashMap<>();
  private long dropped;

  /** Records one more occurrence; {@code f} describes it (its count is ignored). */
  public void add(Finding f) {
    add(f, 1);
  }

  /** Records {@code times} occurrences described by {@code f}. */
  public void add(Finding f, long times) {
    String key = f.key();
    if (!counted(key, times)) {
      byKey.put(key, f);
      counts.put(key, times);
    }
  }

  /**
   * Records one more occurrence of the finding with this key when it needs nothing new: the key
   * has been recorded (its count grows) or there is no room for another (it is dropped), as
   * {@link #add(Finding)} would. Returns false when the finding itself must be added, so that a
   * checker builds its message only for the first occurrence.
   */
  public boolean counted(String key) {
    return counted(key, 1);
  }

  private boolean counted(String key, long times) {
    Long c = counts.get(key);
    if (c != null) {
      counts.put(key, c + times);
      return true;
    }
    if (byKey.size() >= MAX_DISTINCT) {
      dropped += times;
      return true;
    }
    return false;
  }

  /** Whether a finding with this key has been recorded. */
  public boolean has(String key) {
    return byKey.containsKey(key);
  }

  /** Appends text to the message of the finding with this key. */
  public void amend(String key, String text) {
    Finding f = byKey.get(key);
    if (f != null) {
      byKey.put(key, new Finding(f.kind(), f.hazard(), f.first(), f.second(), f.array(), f.index(), f.threads(), f.blocks(),
          f.count(), f.message() + text));
    }
  }

  /** Occurrences of findings that were not kept because there were too many distinct ones. */
  public long dropped() {
    return dropped;
  }

  public boolean isEmpty() {
    return byKey.isEmpty();
  }

  /** The findings with their counts, in the order they first happened. */
  public List<Finding> list() {
    List<Finding> out = new ArrayList<>();
    for (Map.Entry<String, Finding> e : byKey.entrySet()) {
      out.add(e.getValue().withCount(counts.get(e.getKey())));
    }
    return out;
  }
}
