package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.parse.CudaParser.AsmDefinitionContext;
import org.scansim.frontend.parse.CudaParser.DeclarationContext;
import org.scansim.frontend.parse.CudaParser.ExternalDeclarationContext;
import org.scansim.frontend.parse.CudaParser.FunctionDefinitionContext;
import org.scansim.frontend.parse.CudaParser.GlobalDeclarationContext;
import org.scansim.frontend.parse.CudaParser.InitDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.LinkageBlockContext;
import org.scansim.frontend.parse.CudaParser.NamespaceDefinitionContext;
import org.scansim.frontend.parse.CudaParser.TemplateDeclarationContext;
import org.scansim.frontend.parse.CudaParser.TranslationUnitContext;
import org.scansim.frontend.parse.CudaParser.UsingDirectiveContext;

/**
 * Turns the parse tree into the project's AST ({@link TranslationUnit}), reporting the constructs
 * outside the subset by name as it meets them and building no node for them. This class handles
 * the file scope; {@link DeclarationBuilder}, {@link StmtBuilder} and {@link ExprBuilder} the
 * rest.
 *
 * <p>After a syntax error the tree may have holes; the builders then produce a partial unit (the
 * caller does not type-check it), and a top-level declaration whose subtree is too broken to build
 * is left out.
 */
final class AstBuilder {
  private final SourceFile file;
  private final BuildContext b;
  private final DeclarationBuilder decls;
  private final StmtBuilder stmts;

  AstBuilder(SourceFile file, BuildContext b) {
    this.file = file;
    this.b = b;
    this.decls = new DeclarationBuilder(b);
    ExprBuilder exprs = new ExprBuilder(b, decls);
    b.exprs = exprs;
    b.decls = decls;
    this.stmts = new StmtBuilder(b, exprs, decls);
    b.stmtBuilder = stmts;
    decls.wire(exprs, stmts);
  }

  TranslationUnit build(TranslationUnitContext tree) {
    List<Decl> out = new ArrayList<>();
    for (ExternalDeclarationContext ext : tree.externalDeclaration()) {
      external(ext, out);
    }
    java.util.Map<String, org.scansim.frontend.ast.FunctionTemplate> templates = new java.util.LinkedHashMap<>(b.templates);
    return new TranslationUnit(file, out, templates, b.structs);
  }

  private void external(ExternalDeclarationContext ctx, List<Decl> out) {
    // Template instances the declaration needs go before it, each before the instances that use it.
    List<Decl> own = new ArrayList<>();
    externalDecl(ctx, own);
    out.addAll(b.pendingInstances);
    b.pendingInstances.clear();
    out.addAll(own);
    out.addAll(b.pendingMembers); // a class's member functions follow it
    b.pendingMembers.clear();
  }

  private void externalDecl(ExternalDeclarationContext ctx, List<Decl> out) {
    try {
      if (ctx instanceof FunctionDefinitionContext f) {
        if (f.declarationSpecifiers() != null) {
          Decl.Function built = decls.functionDefinition(f.declarationSpecifiers(), f.declarator(), f.CONST() != null, f.compoundStatement(), f);
          if (built != null) {
            out.add(built);
          }
        }
      } else if (ctx instanceof GlobalDeclarationContext g) {
        declaration(g.declaration(), out);
      } else if (ctx instanceof CudaParser.ConstructorDefinitionContext c) {
        Decl.Function built = ClassBuilder.outOfLineConstructor(c, b);
        if (built != null) {
          out.add(built);
        }
      } else if (ctx instanceof CudaParser.DestructorDefinitionContext c) {
        Decl.Function built = ClassBuilder.outOfLineDestructor(c, b);
        if (built != null) {
          out.add(built);
        }
      } else if (ctx instanceof LinkageBlockContext l) {
        String language = l.STRING_LITERAL().getText();
        if (!language.equals("\"C\"") && !language.equals("\"C++\"")) {
          b.check(l.STRING_LITERAL(), "unknown linkage language " + language);
        }
        for (ExternalDeclarationContext inner : l.externalDeclaration()) {
          external(inner, out);
        }
      } else if (ctx instanceof CudaParser.FunctionTemplateDefinitionContext t) {
        decls.functionTemplate(t);
      } else if (ctx instanceof CudaParser.ClassTemplateDefinitionContext t) {
        decls.classTemplate(t);
      } else if (ctx instanceof CudaParser.ExplicitInstantiationContext e) {
        decls.explicitInstantiation(e);
      } else if (ctx instanceof TemplateDeclarationContext t) {
        b.error(t.TEMPLATE(), Unsupported.CLASS_TEMPLATES);
      } else if (ctx instanceof NamespaceDefinitionContext n) {
        List<String> parts = n.qualifiedIdentifier() == null || n.INLINE() != null ? List.of("")
            : n.qualifiedIdentifier().IDENTIFIER().stream().map(t -> t.getText()).toList();
        parts.forEach(b.namespaces::enter);
        try {
          for (ExternalDeclarationContext inner : n.externalDeclaration()) {
            external(inner, out);
          }
        } finally {
          parts.forEach(p -> b.namespaces.leave());
        }
      } else if (ctx instanceof CudaParser.FileStaticAssertContext a) {
        Stmt.StaticAssert s = stmts.staticAssert(a.staticAssert());
        out.add(new Decl.StaticAssert(s.span(), s));
      } else if (ctx instanceof CudaParser.FileNamespaceUseContext u) {
        decls.namespaceUse(u.namespaceUse());
      } else if (ctx instanceof CudaParser.OtherNamespaceContext n) {
        b.error(n.NAMESPACE(), Unsupported.NAMESPACES);
      } else if (ctx instanceof CudaParser.FileAliasDeclarationContext a) {
        decls.alias(a.aliasDeclaration());
      } else if (ctx instanceof UsingDirectiveContext u) {
        b.error(u.USING(), Unsupported.NAMESPACES);
      } else if (ctx instanceof AsmDefinitionContext a) {
        b.error(a.getStart(), Unsupported.ASM);
      }
    } catch (RuntimeException e) {
      // Only a tree with holes left by a syntax error can break a builder; the error is reported.
      if (!b.errors.hasSyntaxErrors()) {
        throw e;
      }
    }
  }

  /** File-scope variables and prototypes; consecutive variables share one {@link Decl.Variables}. */
  private void declaration(DeclarationContext ctx, List<Decl> out) {
    if (ctx == null) {
      return;
    }
    List<InitDeclaratorContext> inits =
        ctx.initDeclaratorList() == null ? List.of() : ctx.initDeclaratorList().initDeclarator();
    List<VarDecl> run = new ArrayList<>();
    for (Object item : decls.declaration(ctx.declarationSpecifiers(), inits, ctx, false)) {
      if (item instanceof VarDecl v) {
        run.add(v);
      } else if (item instanceof Decl.Function f) {
        if (!run.isEmpty()) {
          out.add(new Decl.Variables(b.span(ctx), run));
          run = new ArrayList<>();
        }
        out.add(f);
      }
    }
    if (!run.isEmpty()) {
      out.add(new Decl.Variables(b.span(ctx), run));
    }
  }
}
