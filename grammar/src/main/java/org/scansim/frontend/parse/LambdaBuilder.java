package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.parse.CudaParser.LambdaExpressionContext;

/**
 * Lambda expressions (C++ [expr.prim.lambda]) as the AST keeps them: the capture list read token
 * by token ({@code &}, {@code =}, {@code x}, {@code &x}, {@code this}), the parameters and the
 * body parsed from their tokens as a function's are, {@code mutable}, {@code __device__},
 * {@code __host__} and {@code -> T}. In the body, {@code this} and the enclosing class's members
 * name the captured object ({@code __this}), since the closure's own call operator has a
 * {@code this} of its own. What the captures hold is decided by the type checker, which knows the
 * enclosing variables' types.
 *
 * <p>Refused by name: init captures ({@code [n = size]}), {@code *this} captures, parameter
 * packs, generic lambdas ({@code auto} parameters), {@code constexpr} and exception
 * specifications.
 */
final class LambdaBuilder {
  private LambdaBuilder() {}

  /** The name the enclosing object's pointer has in a lambda's body. */
  static final String CAPTURED_THIS = Expr.Lambda.CAPTURED_THIS;

  static Expr build(LambdaExpressionContext ctx, BuildContext b) {
    List<Expr.Lambda.Capture> captures = new ArrayList<>();
    char captureDefault = 0;
    List<List<Token>> items = split(ctx.skippedBracketToken().stream().map(t -> t.getStart()).toList());
    boolean ok = true;
    for (List<Token> item : items) {
      Token first = item.get(0);
      String text = item.stream().map(Token::getText).reduce("", String::concat);
      if (item.size() == 1 && (text.equals("&") || text.equals("="))) {
        if (!captures.isEmpty() || captureDefault != 0) {
          b.check(first, "a capture default ('" + text + "') must come first in the capture list");
          ok = false;
        }
        captureDefault = text.charAt(0);
      } else if (item.size() == 1 && first.getType() == CudaLexer.THIS) {
        captures.add(new Expr.Lambda.Capture("this", false, b.span(first)));
      } else if (item.size() == 1 && first.getType() == CudaLexer.IDENTIFIER) {
        captures.add(new Expr.Lambda.Capture(first.getText(), false, b.span(first)));
      } else if (item.size() == 2 && text.startsWith("&") && item.get(1).getType() == CudaLexer.IDENTIFIER) {
        captures.add(new Expr.Lambda.Capture(item.get(1).getText(), true, b.span(item.get(1))));
      } else if (text.equals("*this")) {
        b.error(first, "capturing '*this' by copy is not supported: capture 'this'");
        ok = false;
      } else if (item.size() > 1 && item.stream().anyMatch(t -> t.getType() == CudaLexer.ASSIGN)) {
        b.error(first, "init captures ('" + first.getText() + " = ...') are not supported: declare the variable before the lambda and capture it");
        ok = false;
      } else {
        b.check(first, "expected a capture ('&', '=', 'name', '&name' or 'this'), not '" + text + "'");
        ok = false;
      }
    }
    Set<FunctionQualifier> qualifiers = EnumSet.noneOf(FunctionQualifier.class);
    boolean mutable = false;
    TypeName ret = null;
    for (CudaParser.LambdaSpecifierContext s : ctx.lambdaSpecifier()) {
      if (s.typeName() != null) {
        ret = b.decls.typeName(s.typeName());
        ok &= ret != null;
      } else if (s.DEVICE() != null) {
        qualifiers.add(FunctionQualifier.DEVICE);
      } else if (s.HOST() != null) {
        qualifiers.add(FunctionQualifier.HOST);
      } else if (s.IDENTIFIER() != null && s.IDENTIFIER().getText().equals("mutable")) {
        mutable = true;
      } else {
        b.error(s.getStart(), "'" + s.getText() + "' is not supported on a lambda (mutable, __device__, __host__ and '-> T' are)");
        ok = false;
      }
    }
    List<Param> params = new ArrayList<>();
    if (ctx.balancedParens() != null) {
      List<Token> inside = new ArrayList<>();
      StructBuilder.tokens(ctx.balancedParens(), inside);
      if (inside.size() > 2) {
        CudaParser.ParameterListContext list = SyntaxParser.parseRule(SyntaxParser.ending(inside.subList(1, inside.size() - 1), inside.get(inside.size() - 1)),
            b.spans, b.errors, CudaParser::parameterList);
        if (list == null || list.exception != null) {
          return b.placeholder(b.span(ctx));
        }
        for (Param p : b.decls.parameters(list)) {
          if (p == null) {
            ok = false;
          } else if (p.spec().base() == org.scansim.frontend.ast.BaseType.AUTO) {
            b.error(list.getStart(), "generic lambdas ('auto' parameters) are not supported: name the parameter's type");
            ok = false;
          } else {
            params.add(p);
          }
        }
      }
    }
    List<Token> body = new ArrayList<>();
    StructBuilder.tokens(ctx.braceBody(), body);
    CudaParser.CompoundStatementContext block = SyntaxParser.parseRule(SyntaxParser.ending(body, body.get(body.size() - 1)), b.spans, b.errors,
        CudaParser::compoundStatement);
    if (!ok || block == null || block.exception != null) {
      return b.placeholder(b.span(ctx));
    }
    java.util.Set<String> locals = b.namespaces.saveLocals(); // the lambda's parameters and locals end with its body
    params.stream().filter(p -> p.name() != null).forEach(p -> b.namespaces.local(p.name()));
    b.lambdaDepth++;
    Stmt.Block built;
    try {
      built = b.stmtBuilder.block(block);
    } finally {
      b.lambdaDepth--;
      b.namespaces.restoreLocals(locals);
    }
    return new Expr.Lambda(b.span(ctx), captureDefault, captures, params, ret, qualifiers, mutable, built);
  }

  /** The capture list's tokens split at its commas. */
  private static List<List<Token>> split(List<Token> tokens) {
    List<List<Token>> out = new ArrayList<>();
    List<Token> current = new ArrayList<>();
    for (Token t : tokens) {
      if (t.getType() == CudaLexer.COMMA) {
        out.add(current);
        current = new ArrayList<>();
      } else {
        current.add(t);
      }
    }
    if (!current.isEmpty() || !out.isEmpty()) {
      out.add(current);
    }
    out.removeIf(List::isEmpty);
    return out;
  }
}
