package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.Token;

/**
 * The names declared by typedefs ({@code typedef float real;}), and where the file uses them as
 * types while they are still ordinary identifiers: before the typedef ({@link TypeNames} makes a
 * name a type only from its declaration on). When a statement with such a use has a syntax error,
 * the error is almost always the parser tripping over that name, and {@link ErrorMessages}
 * reports it at the first use, like gcc and clang, rather than where the parser gave up.
 *
 * <p>A use counts only in a position where a type is written: before a declarator ({@code real
 * x}, {@code real *p}), alone in a parenthesised list ({@code (real) x}, {@code sizeof(real)},
 * {@code f(int, real)}), or after a qualifier or specifier ({@code const real}, {@code __shared__
 * real}). A name used as a value in an expression ({@code real + 1}) does not count: it is not what
 * makes the statement fail.
 *
 * <p>Built once per failed parse from the token stream, in linear time; each query is a binary
 * search.
 */
final class TypedefNames {
  static final TypedefNames NONE = new TypedefNames(new Token[0]);

  /** The uses, in source order. */
  private final Token[] uses;
  private final int[] offsets;

  private TypedefNames(Token[] uses) {
    this.uses = uses;
    this.offsets = Arrays.stream(uses).mapToInt(Token::getStartIndex).toArray();
  }

  /** The typedef names of {@code tokens} and their uses as types after their declaration. */
  static TypedefNames find(List<Token> tokens) {
    Map<String, Integer> declaredAt = new HashMap<>();
    List<Token> names = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).getType() == CudaLexer.TYPEDEF) {
        // Go on after the declaration, so that each token is looked at once: hostile input such
        // as `typedef typedef ...` without a ';' stays linear.
        i = declaredNames(tokens, i + 1, names);
      }
    }
    for (Token name : names) {
      declaredAt.putIfAbsent(name.getText(), name.getStartIndex());
    }
    if (declaredAt.isEmpty()) {
      return NONE;
    }
    List<Token> uses = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.getType() != CudaLexer.IDENTIFIER) {
        continue;
      }
      Integer declared = declaredAt.get(t.getText());
      if (declared != null && t.getStartIndex() > declared && inTypePosition(tokens, i)) {
        uses.add(t);
      }
    }
    return new TypedefNames(uses.toArray(new Token[0]));
  }

  /**
   * The first use whose start offset lies in {@code [from, to]}, or null: within one statement, the
   * name the parser most likely failed on.
   */
  Token firstUse(int from, int to) {
    int i = Arrays.binarySearch(offsets, from);
    if (i < 0) {
      i = -i - 1;
    }
    return i < uses.length && offsets[i] <= to ? uses[i] : null;
  }

  /**
   * The names declared by the typedef whose specifiers start at {@code i}: for each declarator (the
   * parts between commas, up to the ';'), its last identifier outside brackets, so that {@code
   * typedef struct S { ... } T, *PT;} declares T and PT and {@code typedef float v3[3];} declares
   * v3; for a parenthesised declarator ({@code typedef void (*fn)(int);}), the name after its '*'.
   * Adds them to {@code names} and returns the index of the token that ends the declaration.
   */
  private static int declaredNames(List<Token> tokens, int i, List<Token> names) {
    int parens = 0;
    int brackets = 0;
    int braces = 0;
    int angles = 0; // template arguments: typedef texture<float, 1> tex_t;
    Token last = null;
    Token inParens = null;
    for (; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      int type = t.getType();
      boolean top = parens == 0 && brackets == 0 && braces == 0 && angles == 0;
      if (type == Token.EOF || (type == CudaLexer.RBRACE && braces == 0)) {
        break;
      }
      if (top && (type == CudaLexer.SEMI || type == CudaLexer.COMMA)) {
        Token name = last != null ? last : inParens;
        if (name != null) {
          names.add(name);
        }
        if (type == CudaLexer.SEMI) {
          return i;
        }
        last = null;
        inParens = null;
        continue;
      }
      switch (type) {
        case CudaLexer.LPAREN -> parens++;
        case CudaLexer.RPAREN -> parens = Math.max(0, parens - 1);
        case CudaLexer.LBRACKET -> brackets++;
        case CudaLexer.RBRACKET -> brackets = Math.max(0, brackets - 1);
        case CudaLexer.LT -> angles += tokens.get(i - 1).getType() == CudaLexer.IDENTIFIER || angles > 0 ? 1 : 0;
        case CudaLexer.GT -> angles = Math.max(0, angles - 1);
        case CudaLexer.SHR -> angles = Math.max(0, angles - 2);
        case CudaLexer.LBRACE -> braces++;
        case CudaLexer.RBRACE -> braces--;
        case CudaLexer.IDENTIFIER -> {
          if (top) {
            last = t;
          } else if (parens == 1 && brackets == 0 && braces == 0 && angles == 0 && inParens == null
              && tokens.get(i - 1).getType() == CudaLexer.STAR) {
            inParens = t;
          }
        }
        default -> {}
      }
    }
    return i - 1; // at EOF or an unmatched '}', which the caller looks at again
  }

  /** Whether the identifier at {@code i} stands where a type is written (see the class comment). */
  private static boolean inTypePosition(List<Token> tokens, int i) {
    int before = i > 0 ? tokens.get(i - 1).getType() : Token.INVALID_TYPE;
    int j = i + 1;
    boolean pointer = false;
    while (j < tokens.size() && isPointerPart(tokens.get(j).getType())) {
      pointer |= tokens.get(j).getType() != CudaLexer.CONST;
      j++;
    }
    int after = j < tokens.size() ? tokens.get(j).getType() : Token.EOF;
    if (after == CudaLexer.IDENTIFIER) {
      return true; // real x, real *p, real const *p
    }
    boolean listEnd = after == CudaLexer.RPAREN || after == CudaLexer.COMMA;
    if (listEnd && (pointer || before == CudaLexer.LPAREN || before == CudaLexer.COMMA)) {
      return true; // (real) x, (real *) p, sizeof(real), f(int, real), f(real *, int)
    }
    return isSpecifier(before);
  }

  private static boolean isPointerPart(int type) {
    return type == CudaLexer.STAR
        || type == CudaLexer.AMP
        || type == CudaLexer.CONST
        || type == CudaLexer.VOLATILE
        || type == CudaLexer.RESTRICT;
  }

  /** The keywords after which an identifier can only be a type: qualifiers and specifiers. */
  private static boolean isSpecifier(int type) {
    switch (type) {
      case CudaLexer.CONST, CudaLexer.CONSTEXPR, CudaLexer.VOLATILE, CudaLexer.STATIC, CudaLexer.EXTERN,
          CudaLexer.REGISTER, CudaLexer.SHARED, CudaLexer.CONSTANT, CudaLexer.DEVICE, CudaLexer.GLOBAL,
          CudaLexer.HOST, CudaLexer.INLINE, CudaLexer.FORCEINLINE, CudaLexer.NOINLINE, CudaLexer.TYPEDEF -> {
        return true;
      }
      default -> {
        return false;
      }
    }
  }
}
