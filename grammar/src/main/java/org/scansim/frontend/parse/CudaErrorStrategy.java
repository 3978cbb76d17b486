package org.scansim.frontend.parse;

import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.NoViableAltException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.scansim.frontend.parse.ErrorMessages.Message;

/**
 * ANTLR's default recovery (single-token insertion and deletion, resynchronisation on follow
 * sets) with the short messages of {@link ErrorMessages} instead of {@code mismatched input ...
 * expecting {...}}, and these changes:
 *
 * <ul>
 *   <li>single-token deletion never removes a {@code '}'} or a {@code ';'} that ends a statement
 *       (one outside parentheses): the statement ends there, and what follows starts the next one,
 *       so the error is reported at that token and recovery resynchronises on it;
 *   <li>an error in a file-scope declaration outside any function body (a kernel's header) skips
 *       that whole declaration, braced body included, so the body does not spill into the file
 *       scope as a string of further errors; the declaration after it is reported on its own,
 *       even when its error is met while predicting, before any of its tokens is matched;
 *   <li>tokens between file-scope declarations that cannot start one (the rest of a body whose
 *       '{' was lost) are skipped as one piece, up to an unmatched '}' or a ';' before something
 *       that starts a declaration;
 *   <li>an unexpected token at the entry of any other {@code (...)*} loop is skipped like one
 *       inside the loop, instead of ending the enclosing rule.
 * </ul>
 *
 * One instance serves one parse.
 */
final class CudaErrorStrategy extends DefaultErrorStrategy {

  /** Where statements start and end ({@link TokenScan} records the boundaries). */
  private final SyntaxErrors statements;

  /** The names of rejected typedefs and their uses as types. */
  private final TypedefNames typedefs;

  /**
   * @param statements the collector of this parse, for its statement boundaries: a {@code ';'}
   *     outside parentheses, a brace
   * @param typedefs the names declared by (rejected) typedefs, to report an unknown type at its
   *     first use
   */
  CudaErrorStrategy(SyntaxErrors statements, TypedefNames typedefs) {
    this.statements = statements;
    this.typedefs = typedefs;
  }

  // ------------------------------------------------------------------------------------------
  // Reporting

  @Override
  public void reportError(Parser recognizer, RecognitionException e) {
    if (inErrorRecoveryMode(recognizer)) {
      return;
    }
    beginErrorCondition(recognizer);
    Token offending = e.getOffendingToken() != null ? e.getOffendingToken() : recognizer.getCurrentToken();
    IntervalSet expected;
    if (e instanceof NoViableAltException noViable) {
      expected = ErrorMessages.expectedAtDeadEnd(recognizer, noViable);
    } else if (e instanceof InputMismatchException) {
      expected = e.getExpectedTokens();
    } else {
      expected = null;
    }
    notify(recognizer, ErrorMessages.describe(
        recognizer, offending, expected == null ? new IntervalSet() : expected, typedefUse(offending)));
  }

  @Override
  protected void reportUnwantedToken(Parser recognizer) {
    if (inErrorRecoveryMode(recognizer)) {
      return;
    }
    beginErrorCondition(recognizer);
    Token t = recognizer.getCurrentToken();
    notify(recognizer, ErrorMessages.describeUnwanted(recognizer, t, getExpectedTokens(recognizer), typedefUse(t)));
  }

  @Override
  protected void reportMissingToken(Parser recognizer) {
    if (inErrorRecoveryMode(recognizer)) {
      return;
    }
    beginErrorCondition(recognizer);
    Token t = recognizer.getCurrentToken();
    notify(recognizer, ErrorMessages.describe(recognizer, t, getExpectedTokens(recognizer), typedefUse(t)));
  }

  /** The first use of a typedef name as a type in the statement, up to {@code offending}; or null. */
  private Token typedefUse(Token offending) {
    int at = offending.getStartIndex();
    return at < 0 ? null : typedefs.firstUse(statements.statementStart(at) + 1, at);
  }

  private static void notify(Parser recognizer, Message message) {
    recognizer.notifyErrorListeners(message.at(), message.text(), null);
  }

  // ------------------------------------------------------------------------------------------
  // Recovery

  /**
   * ANTLR deletes the unexpected token when the one after it fits. That is right for a stray token
   * inside a statement, and wrong for the token that ends the statement: in {@code x = a - ;}
   * followed by {@code int y = 1;}, deleting the ';' makes {@code int} the operand, read as the
   * start of a functional cast {@code int(...)}, and the correct next line gets a second error. A
   * '}' or a ';' outside parentheses is therefore never deleted: the error is reported at it, and
   * the enclosing rules resynchronise on it (both are in their follow sets).
   */
  @Override
  protected Token singleTokenDeletion(Parser recognizer) {
    if (endsStatement(recognizer.getCurrentToken())) {
      return null;
    }
    return super.singleTokenDeletion(recognizer);
  }

  private boolean endsStatement(Token t) {
    return t.getType() == CudaLexer.RBRACE
        || (t.getType() == CudaLexer.SEMI && statements.isBoundary(t.getStartIndex()));
  }

  @Override
  public void sync(Parser recognizer) throws RecognitionException {
    if (recognizer.getContext() instanceof CudaParser.TranslationUnitContext) {
      // Between file-scope declarations: skip what cannot start one, as one piece (reported
      // unless it follows an error not yet recovered from).
      ATNState s = recognizer.getInterpreter().atn.states.get(recognizer.getState());
      int la = recognizer.getInputStream().LA(1);
      if (recognizer.getInputStream().index() == resumeAt && startsFileScopeDeclaration(la)) {
        // A broken declaration was skipped whole and a new one starts here: its errors are its
        // own. Without this, an error that prediction meets before the first token is matched
        // (the next kernel's header) would count as part of the recovery and go unreported.
        endErrorCondition(recognizer);
      }
      resumeAt = -1;
      if (la == Token.EOF || recognizer.getATN().nextTokens(s).contains(la)) {
        return;
      }
      reportUnwantedToken(recognizer);
      if (skipDeclaration(recognizer) && startsFileScopeDeclaration(recognizer.getInputStream().LA(1))) {
        endErrorCondition(recognizer); // as above; the loop enters the declaration without a sync
      }
      return;
    }
    try {
      super.sync(recognizer);
    } catch (InputMismatchException e) {
      ATNState s = recognizer.getInterpreter().atn.states.get(recognizer.getState());
      if (s.getStateType() != ATNState.STAR_LOOP_ENTRY) {
        throw e;
      }
      reportUnwantedToken(recognizer);
      IntervalSet expecting = recognizer.getExpectedTokens();
      consumeUntil(recognizer, expecting.or(getErrorRecoverySet(recognizer)));
    }
  }

  /** Where the last skip of a file-scope declaration ended, and how often rules unwound there. */
  private int skippedTo = -1;
  private int unwound;

  /** Where the last skip ended at the end of a whole declaration; -1 when it did not. */
  private int resumeAt = -1;

  /**
   * An error in a file-scope declaration outside any function body (a kernel's header, a global
   * variable) skips the whole declaration once, braced body included; the enclosing rules then
   * return without consuming anything more, and parsing resumes at the next declaration.
   */
  @Override
  public void recover(Parser recognizer, RecognitionException e) {
    int index = recognizer.getInputStream().index();
    if (index == skippedTo && unwound < 64) {
      unwound++;
      return;
    }
    if (ErrorMessages.atFileScope(recognizer.getContext())) {
      boolean whole = skipDeclaration(recognizer);
      skippedTo = recognizer.getInputStream().index();
      resumeAt = whole ? skippedTo : -1;
      unwound = 0;
      return;
    }
    super.recover(recognizer, e);
  }

  /**
   * Skips a file-scope declaration that could not be parsed: up to the '}' closing a braced body it
   * opened, or to a ';' followed by what looks like the start of a declaration. An unmatched '}'
   * also ends the skip: statements at file scope are usually the rest of a function body whose
   * '{' was lost, and they are skipped as one piece.
   *
   * @return whether the skip ended at the end of a whole declaration (its body's '}', or a ';'
   *     before the start of another), not at an unmatched '}' or the end of input
   */
  private static boolean skipDeclaration(Parser recognizer) {
    TokenStream in = recognizer.getInputStream();
    int depth = 0;
    boolean opened = false;
    while (in.LA(1) != Token.EOF) {
      int type = in.LA(1);
      recognizer.consume();
      if (type == CudaLexer.LBRACE) {
        depth++;
        opened = true;
      } else if (type == CudaLexer.RBRACE) {
        depth--;
        if (depth < 0 || (depth == 0 && opened)) {
          return depth == 0;
        }
      } else if (type == CudaLexer.SEMI && depth == 0 && startsFileScopeDeclaration(in.LA(1))) {
        return in.LA(1) != Token.EOF;
      }
    }
    return false;
  }

  private static boolean startsFileScopeDeclaration(int type) {
    switch (type) {
      case Token.EOF, CudaLexer.VOID, CudaLexer.BOOL, CudaLexer.CHAR, CudaLexer.SHORT, CudaLexer.INT,
          CudaLexer.LONG, CudaLexer.FLOAT, CudaLexer.DOUBLE, CudaLexer.SIGNED, CudaLexer.UNSIGNED,
          CudaLexer.SIZE_T, CudaLexer.DIM3, CudaLexer.CUDA_ERROR_T, CudaLexer.CONST, CudaLexer.CONSTEXPR,
          CudaLexer.VOLATILE, CudaLexer.EXTERN, CudaLexer.STATIC, CudaLexer.SHARED, CudaLexer.CONSTANT,
          CudaLexer.GLOBAL, CudaLexer.DEVICE, CudaLexer.HOST, CudaLexer.INLINE, CudaLexer.FORCEINLINE,
          CudaLexer.NOINLINE, CudaLexer.TEMPLATE, CudaLexer.TYPEDEF, CudaLexer.STRUCT, CudaLexer.CLASS,
          CudaLexer.UNION, CudaLexer.ENUM, CudaLexer.NAMESPACE, CudaLexer.USING -> {
        return true;
      }
      default -> {
        return false;
      }
    }
  }
}
