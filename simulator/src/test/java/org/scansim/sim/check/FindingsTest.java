package org.scansim.sim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.result.Kind;

/**
 * {@link Findings#counted}, the checkers' way of counting another occurrence without building its
 * message, must leave the findings exactly as {@link Findings#add(Finding)} would.
 */
class FindingsTest {

  private static final SourceFile FILE = new SourceFile("k.cu", "");

  private static Finding race(int line, String message) {
    Span first = new Span(FILE, line, 5, line, 6, null);
    Span second = new Span(FILE, line + 1, 9, line + 1, 10, null);
    return new Finding(Kind.RACE, "read-after-write", first, second, "temp", "3", "0 and 1", "(0,0,0)", 1, message);
  }

  @Test
  void aKnownKeyIsCountedAndANewOneIsLeftToTheCaller() {
    Findings byAdd = new Findings();
    Findings byCount = new Findings();
    Finding f = race(10, "the first occurrence");
    byAdd.add(f);
    byCount.add(f);
    // Another occurrence at the same positions, with other threads: the same key.
    Finding again = race(10, "another occurrence, not kept");
    assertEquals(f.key(), Finding.key(Kind.RACE, "read-after-write", "temp", f.first(), f.second()));
    byAdd.add(again);
    assertTrue(byCount.counted(again.key()));
    // A new key is not counted: the caller adds it, message and all.
    Finding other = race(20, "a second race");
    assertFalse(byCount.counted(other.key()));
    byAdd.add(other);
    byCount.add(other);
    assertEquals(byAdd.list(), byCount.list());
    assertEquals(List.of(2L, 1L), byCount.list().stream().map(Finding::count).toList());
    assertEquals("the first occurrence", byCount.list().get(0).message());
  }

  @Test
  void pastTheLimitOfDistinctFindingsANewKeyIsDroppedAsAddDropsIt() {
    Findings byAdd = new Findings();
    Findings byCount = new Findings();
    for (int i = 0; i < Findings.MAX_DISTINCT; i++) {
      byAdd.add(race(10 * i, "race " + i));
      byCount.add(race(10 * i, "race " + i));
    }
    Finding past = race(10 * Findings.MAX_DISTINCT, "one too many");
    byAdd.add(past);
    assertTrue(byCount.counted(past.key()));
    assertEquals(1, byCount.dropped());
    assertEquals(byAdd.dropped(), byCount.dropped());
    assertEquals(byAdd.list(), byCount.list());
  }
}
