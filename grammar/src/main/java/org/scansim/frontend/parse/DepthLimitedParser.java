package org.scansim.frontend.parse;

import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;

/**
 * The base of the generated {@link CudaParser}: counts the grammar rules open at once (each one a
 * Java frame of the parse, and a level of the tree every later pass walks) and stops the parse
 * past {@link #MAX_DEPTH} with {@link TooDeep}. Counted, not taken from the Java stack, so that one
 * input gives one answer on every run and every machine (a stack overflow's depth moved with what
 * the JIT had compiled: 88,000 {@code !} passed in some runs and failed in others).
 */
public abstract class DepthLimitedParser extends Parser {
  /**
   * Grammar rules open at once: a 5,000-long {@code else if} chain takes about 15,000, the
   * deepest bracket nesting {@link TokenScan} allows about 9,000; a thousand prefix operators in
   * a row about 3,000.
   */
  public static final int MAX_DEPTH = 20_000;

  private int depth;

  protected DepthLimitedParser(TokenStream input) {
    super(input);
  }

  /** The parse went deeper than {@link #MAX_DEPTH} rules at {@code token}. Not a recognition error: nothing retries or recovers from it. */
  public static final class TooDeep extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Token token;

    TooDeep(Token token) {
      super("expression or statement nesting too deep (more than " + MAX_DEPTH + " levels of the grammar)", null, false, false);
      this.token = token;
    }

    public Token token() {
      return token;
    }
  }

  private void deeper() {
    org.scansim.frontend.diag.Cancellation.check();
    if (++depth > MAX_DEPTH) {
      throw new TooDeep(getCurrentToken());
    }
  }

  @Override
  public void enterRule(ParserRuleContext localctx, int state, int ruleIndex) {
    deeper();
    super.enterRule(localctx, state, ruleIndex);
  }

  @Override
  public void exitRule() {
    depth--;
    super.exitRule();
  }

  @Override
  public void enterRecursionRule(ParserRuleContext localctx, int state, int ruleIndex, int precedence) {
    deeper();
    super.enterRecursionRule(localctx, state, ruleIndex, precedence);
  }

  @Override
  public void unrollRecursionContexts(ParserRuleContext parentctx) {
    depth--;
    super.unrollRecursionContexts(parentctx);
  }

  @Override
  public void reset() {
    depth = 0;
    super.reset();
  }
}
