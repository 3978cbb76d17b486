package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

class PpLexerTest {

  private final Diagnostics diags = new Diagnostics();

  private List<PpToken> lex(String text) {
    PpLexer lx = new PpLexer(new SourceFile("t.cu", text), diags);
    List<PpToken> out = new ArrayList<>();
    for (PpToken t = lx.next(); t.kind != PpToken.Kind.EOF; t = lx.next()) {
      out.add(t);
    }
    return out;
  }

  private List<String> texts(String text) {
    return lex(text).stream().map(t -> t.text).toList();
  }

  @Test
  void cudaLaunchBracketsAreSingleTokens() {
    assertThat(texts("k<<<g, b>>>(x);"))
        .containsExactly("k", "<<<", "g", ",", "b", ">>>", "(", "x", ")", ";");
  }

  @Test
  void punctuatorsAreLexedLongestFirst() {
    assertThat(texts("a<<=b>>=c...d##e->f::g.*h->*i"))
        .containsExactly("a", "<<=", "b", ">>=", "c", "...", "d", "##", "e", "->", "f", "::", "g", ".*", "h", "->*", "i");
    assertThat(texts("a+++b")).containsExactly("a", "++", "+", "b");
    assertThat(texts("x<::y")).containsExactly("x", "<", "::", "y");
    assertThat(texts("<:%:%:")).containsExactly("<:", "%:%:");
  }

  @Test
  void ppNumbersIncludeExponentSignsAndSeparators() {
    assertThat(texts("0x1e+1 1.e+5 .5e-3 1'000 12ull 1.2.3 0x1p-3 1e"))
        .containsExactly("0x1e+1", "1.e+5", ".5e-3", "1'000", "12ull", "1.2.3", "0x1p-3", "1e");
    assertThat(lex("1.5").get(0).kind).isEqualTo(PpToken.Kind.NUMBER);
  }

  @Test
  void literalsKeepTheirPrefixes() {
    List<PpToken> toks = lex("L\"a\" u8\"b\" u'c' U\"d\" u8'e' \"x\\\"y\" '\\''");
    assertThat(toks).extracting(t -> t.text)
        .containsExactly("L\"a\"", "u8\"b\"", "u'c'", "U\"d\"", "u8'e'", "\"x\\\"y\"", "'\\''");
    assertThat(toks).extracting(t -> t.kind)
        .containsExactly(
            PpToken.Kind.STRING, PpToken.Kind.STRING, PpToken.Kind.CHAR, PpToken.Kind.STRING,
            PpToken.Kind.CHAR, PpToken.Kind.STRING, PpToken.Kind.CHAR);
  }

  @Test
  void commentsAreWhiteSpaceAndBlockCommentsDoNotEndTheLine() {
    List<PpToken> toks = lex("a/**/b // c\n d /* x\n y */ e");
    assertThat(toks).extracting(t -> t.text).containsExactly("a", "b", "d", "e");
    assertThat(toks.get(1).has(PpToken.SPACE_BEFORE)).isTrue();
    assertThat(toks.get(2).has(PpToken.BOL)).isTrue();
    assertThat(toks.get(3).has(PpToken.BOL)).isFalse();
  }

  @Test
  void lineSplicesJoinTokens() {
    List<PpToken> toks = lex("ab\\\ncd +\\\r\n= x");
    assertThat(toks).extracting(t -> t.text).containsExactly("abcd", "+=", "x");
    assertThat(toks.get(0).has(PpToken.SPLICED)).isTrue();
    assertThat(toks.get(0).start).isEqualTo(0);
    assertThat(toks.get(0).end).isEqualTo(6);
    assertThat(toks.get(2).has(PpToken.BOL)).isFalse();
  }

  @Test
  void splicesAndEscapesFurtherOnAreEachFoundAfterPlainTokens() {
    // The lexer remembers where the next backslash is; every token must still see its own.
    List<PpToken> toks = lex("a b\\\nc d e\\\nf g \"x\\\"y\" h i\\\nj");
    assertThat(toks).extracting(t -> t.text).containsExactly("a", "bc", "d", "ef", "g", "\"x\\\"y\"", "h", "ij");
    assertThat(toks).extracting(t -> t.has(PpToken.SPLICED)).containsExactly(false, true, false, true, false, false, false, true);
  }

  @Test
  void unterminatedCommentIsAnErrorAtItsStart() {
    lex("int a; /* no end\n");
    assertThat(diags.all()).hasSize(1);
    assertThat(diags.all().get(0).message()).isEqualTo("unterminated comment");
    assertThat(diags.all().get(0).span().col()).isEqualTo(8);
  }

  @Test
  void unterminatedLiteralIsOneOtherTokenToTheEndOfTheLine() {
    List<PpToken> toks = lex("x = 'abc def\ny");
    assertThat(toks).extracting(t -> t.text).containsExactly("x", "=", "'abc def", "y");
    assertThat(toks.get(2).kind).isEqualTo(PpToken.Kind.OTHER);
    assertThat(toks.get(2).has(PpToken.UNTERMINATED)).isTrue();
  }

  @Test
  void headerNamesAreLexedOnlyOnRequest() {
    PpLexer lx = new PpLexer(new SourceFile("t.cu", "include <a/b.h> x"), diags);
    assertThat(lx.next().text).isEqualTo("include");
    assertThat(lx.headerName().text).isEqualTo("<a/b.h>");
    assertThat(lx.next().text).isEqualTo("x");
    assertThat(texts("<a/b.h>")).containsExactly("<", "a", "/", "b", ".", "h", ">");
  }

  @Test
  void pasteCheckAcceptsExactlyOneToken() {
    assertThat(PpLexer.lexSingle("->")).isNotNull();
    assertThat(PpLexer.lexSingle("ab")).isNotNull();
    assertThat(PpLexer.lexSingle("..")).isNull();
    assertThat(PpLexer.lexSingle("//")).isNull();
    assertThat(PpLexer.lexSingle("a+")).isNull();
  }
}
