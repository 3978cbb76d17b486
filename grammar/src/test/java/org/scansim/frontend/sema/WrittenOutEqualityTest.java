package org.scansim.frontend.sema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;

/**
 * The types' and spans' equals and hashCode, written out instead of the records' own (which are
 * bootstrapped through method handles at first use, spinning classes in every command's start):
 * equal when every component is, whatever the instance; unequal when any one component differs;
 * and the records' hash, 31 times the hash so far plus each component's, from 0.
 */
class WrittenOutEqualityTest {
  private static void equalAndNot(Object a, Object same, List<Object> others) {
    assertThat(a).isNotSameAs(same).isEqualTo(same).hasSameHashCodeAs(same);
    for (Object o : others) {
      assertThat(a).as("against " + o).isNotEqualTo(o);
    }
    assertThat(a).isNotEqualTo(null).isNotEqualTo("text");
  }

  private static Type.Pointer ptr(Type t, boolean c, boolean v) {
    return new Type.Pointer(t, c, v);
  }

  @Test
  void typesAreEqualExactlyWhenEveryComponentIs() {
    Type f = new Type.Arith(Scalar.FLOAT);
    Type i = new Type.Arith(Scalar.INT);
    equalAndNot(new Type.Arith(Scalar.FLOAT), new Type.Arith(Scalar.FLOAT), List.of(i, new Type.Void()));
    equalAndNot(ptr(f, true, false), ptr(new Type.Arith(Scalar.FLOAT), true, false),
        List.of(ptr(i, true, false), ptr(f, false, false), ptr(f, true, true)));
    equalAndNot(new Type.Array(f, 4, false, true), new Type.Array(new Type.Arith(Scalar.FLOAT), 4, false, true),
        List.of(new Type.Array(i, 4, false, true), new Type.Array(f, 5, false, true), new Type.Array(f, 4, true, true),
            new Type.Array(f, 4, false, false)));
    equalAndNot(new Type.Dim3(true), new Type.Dim3(true), List.of(new Type.Dim3(false)));
    equalAndNot(new Type.Stream("std::cout"), new Type.Stream("std::cout"), List.of(new Type.Stream("std::cerr")));
    equalAndNot(new Type.Group(32), new Type.Group(32), List.of(new Type.Group(16)));
    equalAndNot(new Type.Function(f, List.of(i, f)), new Type.Function(new Type.Arith(Scalar.FLOAT), List.of(i, f)),
        List.of(new Type.Function(i, List.of(i, f)), new Type.Function(f, List.of(f, i)), new Type.Function(f, List.of(i))));
    equalAndNot(new Type.Void(), new Type.Void(), List.of(new Type.Null(), new Type.Str(), new Type.Err(), new Type.Auto()));
    equalAndNot(new Type.Null(), new Type.Null(), List.of(new Type.Void()));
    equalAndNot(new Type.Str(), new Type.Str(), List.of(new Type.Err()));
    equalAndNot(new Type.Err(), new Type.Err(), List.of(new Type.Auto()));
    equalAndNot(new Type.Auto(), new Type.Auto(), List.of(new Type.Str()));
  }

  @Test
  void theHashIsTheRecordsOwn() {
    Type f = new Type.Arith(Scalar.FLOAT);
    assertThat(f.hashCode()).isEqualTo(Scalar.FLOAT.hashCode());
    assertThat(new Type.Pointer(f, true, false).hashCode())
        .isEqualTo((31 * f.hashCode() + Boolean.hashCode(true)) * 31 + Boolean.hashCode(false));
    assertThat(new Type.Array(f, 7, false, true).hashCode())
        .isEqualTo(((31 * f.hashCode() + Long.hashCode(7)) * 31 + Boolean.hashCode(false)) * 31 + Boolean.hashCode(true));
    assertThat(new Type.Function(f, List.of(f)).hashCode()).isEqualTo(31 * f.hashCode() + List.of(f).hashCode());
    assertThat(new Type.Group(12).hashCode()).isEqualTo(12);
    assertThat(new Type.Void().hashCode()).isZero();
  }

  @Test
  void spansAreEqualExactlyWhenEveryComponentIs() {
    SourceFile a = new SourceFile("a.cu", "x\n");
    SourceFile b = new SourceFile("a.cu", "x\n"); // another file of the same name and text: another file
    Span s = new Span(a, 1, 2, 3, 4, null);
    Span.MacroNote note = new Span.MacroNote("M", s);
    equalAndNot(s, new Span(a, 1, 2, 3, 4, null), List.of(new Span(b, 1, 2, 3, 4, null), new Span(a, 9, 2, 3, 4, null),
        new Span(a, 1, 9, 3, 4, null), new Span(a, 1, 2, 9, 4, null), new Span(a, 1, 2, 3, 9, null), new Span(a, 1, 2, 3, 4, note)));
    equalAndNot(new Span(a, 1, 2, 3, 4, note), new Span(a, 1, 2, 3, 4, new Span.MacroNote("M", new Span(a, 1, 2, 3, 4, null))),
        List.of(new Span(a, 1, 2, 3, 4, new Span.MacroNote("N", s))));
    int fields = (((a.hashCode() * 31 + 1) * 31 + 2) * 31 + 3) * 31 + 4;
    assertThat(s.hashCode()).isEqualTo(31 * fields); // no macro: 0
  }
}
