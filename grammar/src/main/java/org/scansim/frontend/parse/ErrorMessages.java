package org.scansim.frontend.parse;

import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNConfig;
import org.antlr.v4.runtime.atn.ATNConfigSet;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * The wording of syntax errors, gcc- and clang-like: from the token where the parser stopped, the
 * tokens it expected there and the rule it was in, one short message and the token it belongs to.
 *
 * <p>In order of preference: an unknown type name ({@code uint x}, {@code (floAt *p)}: two
 * identifiers in a row are never C; or a name declared by a rejected typedef), at its first use in
 * the statement; {@code expected '}' at end of input}; {@code expected
 * expression}; {@code expected identifier}; the closer the construct needs ({@code ')'}, {@code
 * ']'}, {@code ';'} placed just after the previous token, {@code '}'}, {@code ':'}, {@code
 * '>>>'}); otherwise {@code unexpected 'x'}.
 */
final class ErrorMessages {

  /** A message and the token it points at (a zero-width token for a missing ';'). */
  record Message(Token at, String text) {}

  private ErrorMessages() {}

  /**
   * The message for an error at {@code offending}, where the parser expected {@code expected};
   * {@code typedefUse} is the first use of a typedef name as a type in the statement, or null.
   */
  static Message describe(Parser recognizer, Token offending, IntervalSet expected, Token typedefUse) {
    TokenStream tokens = recognizer.getInputStream();
    Token unknownType = firstUnknownType(recognizer, offending, typedefUse);
    if (unknownType != null) {
      return new Message(unknownType, unknownTypeMessage(unknownType));
    }
    if (expected.size() == 1 && expected.contains(CudaLexer.LT) && offending.getTokenIndex() > 0) {
      // Only `texture<...>` lets an identifier start a declaration: `x = 1;` at file scope, or
      // `f(x = 1)` in a parameter list.
      Token name = tokens.get(offending.getTokenIndex() - 1);
      if (name.getType() == CudaLexer.IDENTIFIER) {
        boolean fileScope = recognizer.getContext() instanceof CudaParser.ExternalDeclarationContext;
        return new Message(name, fileScope ? SyntaxErrors.EXPECTED_DECLARATION : unknownTypeMessage(name));
      }
    }
    boolean eof = offending.getType() == Token.EOF;
    String message;
    boolean afterPrevious = eof;
    if (eof && expected.contains(CudaLexer.RBRACE)) {
      message = "expected '}' at end of input";
    } else if (recognizer.getContext() instanceof CudaParser.LaunchExpressionContext launch
        && launch.LAUNCH_CLOSE() == null) {
      message = "expected '>>>'";
    } else if (expectsExpression(expected)) {
      message = "expected expression";
    } else if (expected.contains(CudaLexer.IDENTIFIER)) {
      message = "expected identifier";
    } else if (expected.contains(CudaLexer.RPAREN)) {
      message = "expected ')'";
    } else if (expected.contains(CudaLexer.RBRACKET)) {
      message = "expected ']'";
    } else if (expected.contains(CudaLexer.SEMI)) {
      message = semicolonMessage(recognizer.getContext());
      afterPrevious = true;
    } else if (expected.contains(CudaLexer.RBRACE)) {
      message = "expected '}'";
    } else if (expected.contains(CudaLexer.COLON)) {
      message = "expected ':'";
    } else if (expected.size() == 1 && recognizer.getVocabulary().getLiteralName(expected.getMinElement()) != null) {
      message = "expected " + recognizer.getVocabulary().getLiteralName(expected.getMinElement());
    } else {
      message = "unexpected " + display(offending);
    }
    if (eof && message.startsWith("unexpected")) {
      message = "unexpected end of input";
    }
    return new Message(afterPrevious ? endOfPrevious(tokens, offending) : offending, message);
  }

  /** The message for an unexpected token that single-token deletion or a loop skips. */
  static Message describeUnwanted(Parser recognizer, Token t, IntervalSet expected, Token typedefUse) {
    if (t.getType() == Token.EOF) {
      return describe(recognizer, t, expected, typedefUse);
    }
    Token unknownType = firstUnknownType(recognizer, t, typedefUse);
    if (unknownType != null) {
      return new Message(unknownType, unknownTypeMessage(unknownType));
    }
    if (expectsExpression(expected)) {
      return new Message(t, "expected expression");
    }
    return new Message(t, "unexpected " + display(t));
  }

  private static boolean expectsExpression(IntervalSet expected) {
    return expected.contains(CudaLexer.IDENTIFIER) && expected.contains(CudaLexer.INTEGER_LITERAL);
  }

  /** The tokens that could have come next, from the configurations where prediction failed. */
  static IntervalSet expectedAtDeadEnd(Parser recognizer, NoViableAltException e) {
    ATNConfigSet configs = e.getDeadEndConfigs();
    if (configs == null || configs.isEmpty()) {
      return e.getExpectedTokens();
    }
    ATN atn = recognizer.getATN();
    IntervalSet set = new IntervalSet();
    for (ATNConfig c : configs) {
      set.addAll(atn.nextTokens(c.state));
    }
    set.remove(Token.EPSILON);
    return set.isNil() ? e.getExpectedTokens() : set;
  }

  /**
   * The first use of an unknown type that explains an error at {@code offending}, or null: the
   * earliest of a typedef name used as a type in the statement, the first of two identifiers in a
   * row just before the error, and a parameter type in a file-scope declaration's header. The
   * first use is what gcc and clang report: in {@code k(real *data, real factor)} the parser only
   * fails at {@code factor}, but the type is unknown from its first use on.
   */
  private static Token firstUnknownType(Parser recognizer, Token offending, Token typedefUse) {
    Token first = typedefUse;
    for (Token t : new Token[] {unknownTypeName(recognizer, offending), unknownTypeInHeader(recognizer, offending)}) {
      if (t != null && (first == null || t.getTokenIndex() < first.getTokenIndex())) {
        first = t;
      }
    }
    return first;
  }

  /**
   * The unknown type name in {@code uint x} or {@code (uint n)}: two identifiers in a row are never
   * C, and the first is almost always a type the subset lacks (a typedef from a header).
   */
  private static Token unknownTypeName(Parser recognizer, Token offending) {
    if (offending.getType() != CudaLexer.IDENTIFIER || offending.getTokenIndex() < 0) {
      return null;
    }
    TokenStream tokens = recognizer.getInputStream();
    if (insideExpression(recognizer.getContext())) {
      return null; // g(a b): two operands, not a declaration
    }
    int i = offending.getTokenIndex();
    Token previous = i > 0 ? tokens.get(i - 1) : null;
    if (previous != null && previous.getType() == CudaLexer.IDENTIFIER) {
      Token beforePrevious = i > 1 ? tokens.get(i - 2) : null;
      if (beforePrevious == null || startsDeclaration(beforePrevious.getType())) {
        return previous;
      }
      return null;
    }
    Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
    if (next != null
        && next.getType() == CudaLexer.IDENTIFIER
        && (previous == null || startsDeclaration(previous.getType()))) {
      return offending;
    }
    return null;
  }

  /**
   * {@code __global__ void k(floAt *x, int n) {}}: with an unknown type in a parameter, a header
   * reads as a variable with a direct initialiser, {@code k(floAt * x, ...)}, and the error shows
   * up later. In a file-scope declaration whose first parenthesis follows its name, the first
   * parameter written as an identifier followed by a declarator ({@code floAt *x}, {@code const
   * floAt *x}) names the culprit. The parameter must start before the error; its declarator may
   * lie beyond it, as in {@code k(int n, floAt *x)}, where the parser already fails at the '*'.
   */
  private static Token unknownTypeInHeader(Parser recognizer, Token offending) {
    ParserRuleContext decl = recognizer.getContext();
    while (decl != null && !(decl instanceof CudaParser.ExternalDeclarationContext)) {
      if (decl instanceof CudaParser.CompoundStatementContext) {
        return null;
      }
      decl = decl.getParent();
    }
    if (decl == null || decl.getStart() == null) {
      return null;
    }
    TokenStream tokens = recognizer.getInputStream();
    int end = Math.min(tokens.size() - 1, Math.max(offending.getTokenIndex(), recognizer.getCurrentToken().getTokenIndex()));
    int i = decl.getStart().getTokenIndex();
    while (i < end) {
      int type = tokens.get(i).getType();
      if (type == CudaLexer.LAUNCH_BOUNDS) {
        i = skipParens(tokens, i + 1, end);
        continue;
      }
      if (type == CudaLexer.LPAREN) {
        break;
      }
      if (type == CudaLexer.ASSIGN || type == CudaLexer.SEMI || type == CudaLexer.LBRACE) {
        return null;
      }
      i++;
    }
    if (i >= end || i == 0 || tokens.get(i - 1).getType() != CudaLexer.IDENTIFIER) {
      return null;
    }
    int depth = 0;
    for (; i < end; i++) {
      int type = tokens.get(i).getType();
      if (type == CudaLexer.LPAREN && ++depth == 1 || type == CudaLexer.COMMA && depth == 1) {
        Token culprit = identifierBeforeDeclarator(tokens, i + 1);
        if (culprit != null) {
          return culprit;
        }
      } else if (type == CudaLexer.RPAREN && --depth == 0) {
        break;
      }
    }
    return null;
  }

  /**
   * The identifier at {@code i}, after any {@code const volatile restrict}, when it is followed by
   * {@code * & const restrict} and an identifier.
   */
  private static Token identifierBeforeDeclarator(TokenStream tokens, int i) {
    int last = tokens.size() - 1;
    while (i <= last && isQualifier(tokens.get(i).getType())) {
      i++;
    }
    if (i > last || tokens.get(i).getType() != CudaLexer.IDENTIFIER) {
      return null;
    }
    int j = i + 1;
    while (j <= last
        && (tokens.get(j).getType() == CudaLexer.STAR
            || tokens.get(j).getType() == CudaLexer.AMP
            || isQualifier(tokens.get(j).getType()))) {
      j++;
    }
    return j <= last && tokens.get(j).getType() == CudaLexer.IDENTIFIER ? tokens.get(i) : null;
  }

  private static boolean isQualifier(int type) {
    return type == CudaLexer.CONST || type == CudaLexer.VOLATILE || type == CudaLexer.RESTRICT;
  }

  /** The index after the parenthesised group starting at {@code i}. */
  private static int skipParens(TokenStream tokens, int i, int end) {
    int depth = 0;
    for (; i < end; i++) {
      int type = tokens.get(i).getType();
      if (type == CudaLexer.LPAREN) {
        depth++;
      } else if (type == CudaLexer.RPAREN && --depth <= 0) {
        return i + 1;
      }
    }
    return end;
  }

  static boolean atFileScope(RuleContext ctx) {
    for (RuleContext c = ctx; c != null; c = c.parent) {
      if (c instanceof CudaParser.CompoundStatementContext || c instanceof CudaParser.StatementContext) {
        return false;
      }
      if (c instanceof CudaParser.ExternalDeclarationContext) {
        return true;
      }
    }
    return false;
  }

  /** Whether the parser is inside an expression, below the nearest statement or declaration. */
  private static boolean insideExpression(RuleContext ctx) {
    for (RuleContext c = ctx; c != null; c = c.parent) {
      if (c instanceof CudaParser.ArgumentExpressionListContext
          || c instanceof CudaParser.AssignmentExpressionContext
          || c instanceof CudaParser.PrimaryExpressionContext) {
        return true;
      }
      if (c instanceof CudaParser.StatementContext
          || c instanceof CudaParser.ExternalDeclarationContext
          || c instanceof CudaParser.ParameterListContext
          || c instanceof CudaParser.DeclarationContext) {
        return false;
      }
    }
    return false;
  }

  private static boolean startsDeclaration(int typeBefore) {
    return typeBefore == CudaLexer.SEMI
        || typeBefore == CudaLexer.LBRACE
        || typeBefore == CudaLexer.RBRACE
        || typeBefore == CudaLexer.LPAREN
        || typeBefore == CudaLexer.COMMA
        || typeBefore == CudaLexer.CONST
        || typeBefore == CudaLexer.VOLATILE
        || typeBefore == CudaLexer.STATIC
        || typeBefore == CudaLexer.EXTERN
        || typeBefore == CudaLexer.SHARED
        || typeBefore == CudaLexer.DEVICE
        || typeBefore == CudaLexer.CONSTANT
        || typeBefore == CudaLexer.GLOBAL
        || typeBefore == CudaLexer.INLINE
        || typeBefore == CudaLexer.FORCEINLINE;
  }

  private static String unknownTypeMessage(Token name) {
    String id = name.getText();
    if (id.equals("half") || id.equals("half2") || id.startsWith("nv_bfloat16")) {
      return Unsupported.HALF;
    }
    return "unknown type name '" + id + "'";
  }

  private static String semicolonMessage(RuleContext ctx) {
    for (RuleContext c = ctx; c != null; c = c.parent) {
      if (c instanceof CudaParser.ExpressionStatementContext) {
        return "expected ';' after expression";
      }
      if (c instanceof CudaParser.DeclarationContext || c instanceof CudaParser.ExternalDeclarationContext) {
        return "expected ';' at end of declaration";
      }
      if (c instanceof CudaParser.ReturnStatementContext) {
        return "expected ';' after return statement";
      }
      if (c instanceof CudaParser.BreakStatementContext) {
        return "expected ';' after break statement";
      }
      if (c instanceof CudaParser.ContinueStatementContext) {
        return "expected ';' after continue statement";
      }
      if (c instanceof CudaParser.DoWhileStatementContext) {
        return "expected ';' after do/while statement";
      }
      if (c instanceof CudaParser.StatementContext) {
        break;
      }
    }
    return "expected ';'";
  }

  /** A zero-width token just after the token before {@code t}, where a missing ';' belongs. */
  private static Token endOfPrevious(TokenStream tokens, Token t) {
    int i = t.getTokenIndex();
    if (i <= 0) {
      return t;
    }
    Token previous = tokens.get(i - 1);
    CommonToken at = new CommonToken(t);
    at.setStartIndex(previous.getStopIndex() + 1);
    at.setStopIndex(previous.getStopIndex());
    return at;
  }

  static String display(Token t) {
    if (t.getType() == Token.EOF) {
      return "end of input";
    }
    String text = t.getText() == null ? "" : t.getText();
    if (text.length() > 24) {
      text = text.substring(0, 21) + "...";
    }
    return "'" + text + "'";
  }
}
