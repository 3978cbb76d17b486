package org.scansim.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;

/**
 * A formula in n from the catalog's metadata ({@code 2*(n-1)}, {@code n*log2(n) - (n-1)}),
 * parsed by the ANTLR grammar {@code Formula.g4} and evaluated in double precision.
 */
public final class Formula {
  private final String text;
  private final FormulaParser.FormulaContext tree;

  private Formula(String text, FormulaParser.FormulaContext tree) {
    this.text = text;
    this.tree = tree;
  }

  /** Thrown for a formula that does not parse or names something unknown. */
  public static final class FormulaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FormulaException(String message) {
      super(message);
    }
  }

  /**
   * The longest formula read: a formula's nesting (parentheses, signs, chains of operators) is at
   * most its length, so this bounds the parser's and the evaluator's recursion by counting, the
   * same on every machine, not by the Java stack (the catalog's longest formula has 30
   * characters).
   */
  public static final int MAX_LENGTH = 256;

  public static Formula parse(String text) {
    if (text.length() > MAX_LENGTH) {
      throw new FormulaException("formula of " + text.length() + " characters; a formula has at most " + MAX_LENGTH);
    }
    List<String> errors = new ArrayList<>();
    BaseErrorListener listener = new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> r, Object symbol, int line, int col, String msg, RecognitionException e) {
        errors.add("column " + (col + 1) + ": " + words(symbol, msg));
      }
    };
    FormulaLexer lexer = new FormulaLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(listener);
    FormulaParser parser = new FormulaParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.addErrorListener(listener);
    FormulaParser.FormulaContext tree = parser.formula();
    if (tree.exception == null && errors.isEmpty()) {
      tree.accept(new Checker());
    }
    if (!errors.isEmpty()) {
      throw new FormulaException("formula '" + text + "': " + errors.get(0));
    }
    return new Formula(text, tree);
  }

  /**
   * A syntax error in the spec's words instead of ANTLR's ("mismatched input '<EOF>' expecting
   * {'-', '(', NAME, NUMBER}"): what is at the column, and what could come there.
   */
  static String words(Object symbol, String msg) {
    int at = msg.indexOf("expecting ");
    String expected = at < 0 ? null : expected(msg.substring(at + "expecting ".length()));
    if (expected == null && msg.startsWith("missing ") && msg.contains(" at ")) { // ANTLR's "missing ')' at '<EOF>'"
      expected = expected(msg.substring("missing ".length(), msg.indexOf(" at ")));
    }
    if (!(symbol instanceof org.antlr.v4.runtime.Token t)) {
      return msg; // the lexer's own: none, since its BAD token takes any other character
    }
    if (t.getType() == org.antlr.v4.runtime.Token.EOF) {
      return "the formula ends too soon" + (expected == null ? "" : ": " + expected + " should follow");
    }
    if (t.getType() == FormulaLexer.BAD) {
      return "'" + t.getText() + "' is not part of a formula (numbers, n, + - * / ^, parentheses, log2, ceil, floor, min, max)";
    }
    return "'" + t.getText() + "' cannot come here" + (expected == null ? "" : " (" + expected + " can)");
  }

  /** ANTLR's expected tokens ({@code {'-', '(', NAME, NUMBER}} or one of them) as words: "-, (, a name or a number". */
  private static String expected(String tokens) {
    List<String> words = new ArrayList<>();
    // Each token: a quoted literal (',' among them), <EOF>, or a token's name.
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("'[^']*'|<EOF>|\\w+").matcher(tokens);
    while (m.find()) {
      String tok = m.group();
      words.add(switch (tok) {
        case "NAME" -> "a name";
        case "NUMBER" -> "a number";
        case "<EOF>" -> "the end";
        default -> tok.replace("'", "");
      });
    }
    if (words.isEmpty()) {
      return null;
    }
    return words.size() == 1 ? words.get(0) : String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
  }

  public String text() {
    return text;
  }

  public double at(double n) {
    return tree.expr().accept(new Evaluator(Map.of("n", n)));
  }

  @Override
  public String toString() {
    return text;
  }

  private static final List<String> ONE_ARG = List.of("log2", "ceil", "floor");
  private static final List<String> TWO_ARGS = List.of("min", "max");

  /** Rejects unknown names and wrong argument counts when the formula is read, not when it is used. */
  private static final class Checker extends FormulaBaseVisitor<Void> {
    @Override
    public Void visitVariable(FormulaParser.VariableContext ctx) {
      if (!ctx.NAME().getText().equals("n")) {
        throw new FormulaException("unknown name '" + ctx.NAME().getText() + "' (formulas are in n)");
      }
      return null;
    }

    @Override
    public Void visitCall(FormulaParser.CallContext ctx) {
      String f = ctx.NAME().getText();
      int want = ONE_ARG.contains(f) ? 1 : TWO_ARGS.contains(f) ? 2 : -1;
      if (want < 0) {
        throw new FormulaException("unknown function '" + f + "' (known: log2, ceil, floor, min, max)");
      }
      if (ctx.expr().size() != want) {
        throw new FormulaException(f + " takes " + want + (want == 1 ? " argument" : " arguments"));
      }
      return visitChildren(ctx);
    }
  }

  private static final class Evaluator extends FormulaBaseVisitor<Double> {
    private final Map<String, Double> vars;

    Evaluator(Map<String, Double> vars) {
      this.vars = vars;
    }

    @Override
    public Double visitPower(FormulaParser.PowerContext ctx) {
      return Math.pow(ctx.expr(0).accept(this), ctx.expr(1).accept(this));
    }

    @Override
    public Double visitNegate(FormulaParser.NegateContext ctx) {
      return -ctx.expr().accept(this);
    }

    @Override
    public Double visitMulDiv(FormulaParser.MulDivContext ctx) {
      double a = ctx.expr(0).accept(this);
      double b = ctx.expr(1).accept(this);
      return ctx.op.getText().equals("*") ? a * b : a / b;
    }

    @Override
    public Double visitAddSub(FormulaParser.AddSubContext ctx) {
      double a = ctx.expr(0).accept(this);
      double b = ctx.expr(1).accept(this);
      return ctx.op.getText().equals("+") ? a + b : a - b;
    }

    @Override
    public Double visitCall(FormulaParser.CallContext ctx) {
      double a = ctx.expr(0).accept(this);
      return switch (ctx.NAME().getText()) {
        case "log2" -> log2(a);
        case "ceil" -> Math.ceil(a);
        case "floor" -> Math.floor(a);
        case "min" -> Math.min(a, ctx.expr(1).accept(this));
        default -> Math.max(a, ctx.expr(1).accept(this));
      };
    }

    /** Exact at powers of two, so that n*log2(n) is an integer where it should be. */
    private static double log2(double a) {
      long v = (long) a;
      if (v == a && v > 0 && Long.bitCount(v) == 1) {
        return Long.numberOfTrailingZeros(v);
      }
      return Math.log(a) / Math.log(2);
    }

    @Override
    public Double visitVariable(FormulaParser.VariableContext ctx) {
      return vars.get(ctx.NAME().getText());
    }

    @Override
    public Double visitNumber(FormulaParser.NumberContext ctx) {
      return Double.parseDouble(ctx.NUMBER().getText());
    }

    @Override
    public Double visitParens(FormulaParser.ParensContext ctx) {
      return ctx.expr().accept(this);
    }
  }
}
