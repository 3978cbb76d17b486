package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.scansim.frontend.ast.ArrayDim;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.parse.CudaParser.ClassSpecifierContext;
import org.scansim.frontend.parse.CudaParser.FieldDeclarationContext;
import org.scansim.frontend.parse.CudaParser.FieldDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.StructSpecifierContext;

/**
 * Builds plain structs (C11 §6.7.2.1; in C++, aggregates of public data members): a definition
 * {@code struct Pair { float v; int flag; };}, a reference {@code struct Pair p;} or, in C++, the
 * bare name {@code Pair p;}. A struct's name is an alias of its {@link StructDef} in the {@link
 * BuildContext}, qualified by its namespace, so typedefs and namespaces find it as they find any
 * type. A struct named before its definition ({@code struct Node;}) is incomplete until it.
 *
 * <p>A body with anything but fields (member functions, constructors, access specifiers, static
 * members, bit-fields; or a base class) is a class's ({@link ClassBuilder}); bit-fields and struct
 * definitions inside a function or another struct are refused, each by name.
 */
final class StructBuilder {
  private StructBuilder() {}

  /**
   * The struct a definition defines, or null when it was refused. {@code typedefName} names an
   * anonymous struct ({@code typedef struct { ... } Pair;}), as C++ [dcl.typedef] ¶9 names it for
   * linkage; it may be null.
   */
  static StructDef define(StructSpecifierContext c, Token typedefName, BuildContext b) {
    StructDef def = declare(c.STRUCT().getSymbol(), c.structName() == null ? null : c.structName().getStart(), typedefName, b);
    if (def == null) {
      return null;
    }
    if (c.ALIGN() != null) {
      b.error(c.ALIGN(), Unsupported.ALIGNMENT);
    }
    b.structDepth++;
    try {
      def.define(b.span(c), fields(c, b));
      b.structs.add(def);
    } finally {
      b.structDepth--;
    }
    return def;
  }

  /**
   * The struct a definition at {@code keyword} defines, named by {@code nameToken} (or, unnamed, by
   * {@code typedefName}, or by its place): a new one, or the one {@code struct Node;} declared.
   * Null, reported, inside a function or another struct, or for a name another type has.
   */
  static StructDef declare(Token keyword, Token nameToken, Token typedefName, BuildContext b) {
    if (b.structDepth > 0 || b.namespaces.inFunction()) {
      b.error(keyword, b.structDepth > 0 ? Unsupported.NESTED_STRUCTS : Unsupported.LOCAL_STRUCTS);
      if (nameToken != null) {
        b.aliases.put(b.namespaces.prefix() + nameToken.getText(), null); // its uses are not reported again
      }
      return null;
    }
    if (nameToken == null) {
      // clang's name for it: each unnamed struct is a type of its own (C11 §6.7.2.3 ¶5).
      org.scansim.frontend.diag.Span at = b.span(keyword);
      return new StructDef(typedefName != null ? b.namespaces.prefix() + typedefName.getText()
          : "(anonymous struct at " + at.file().name().substring(at.file().name().lastIndexOf('/') + 1) + ":" + at.line() + ":" + at.col() + ")", typedefName != null ? b.span(typedefName) : at);
    }
    String name = b.namespaces.prefix() + nameToken.getText();
    BuildContext.Alias before = b.aliases.get(name);
    if (before != null && before.spec().struct() != null && before.pointers().isEmpty() && !before.spec().struct().isComplete()
        && before.spec().struct().name().equals(name)) {
      return before.spec().struct(); // completes `struct Node;`
    }
    if (before != null || b.aliases.containsKey(name)) {
      boolean struct = before != null && before.spec().struct() != null && before.spec().struct().name().equals(name);
      b.check(nameToken, struct ? "redefinition of '" + nameToken.getText() + "'"
          : "redefinition of '" + nameToken.getText() + "' as a different kind of type");
      return null;
    }
    StructDef def = new StructDef(name, b.span(nameToken));
    b.aliases.put(name, new BuildContext.Alias(TypeSpec.of(b.span(nameToken), def, false, false), List.of()));
    return def;
  }

  private static List<StructDef.Field> fields(StructSpecifierContext c, BuildContext b) {
    List<StructDef.Field> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (FieldDeclarationContext f : c.fieldDeclaration()) {
      if (f.declarationSpecifiers() == null) {
        continue;
      }
      TypeSpecifiers parts = TypeSpecifiers.collect(f.declarationSpecifiers(), f.declarationSpecifiers().declarationSpecifier(), b);
      if (parts.unsupported) {
        continue;
      }
      boolean bad = false;
      for (Token t : parts.storageWords) {
        b.error(t, t.getType() == CudaLexer.STATIC ? Unsupported.STRUCT_STATIC : "'" + t.getText() + "' is not allowed on a struct field");
        bad = true;
      }
      if (parts.typedef != null) {
        b.error(parts.typedef, "a typedef inside a struct is not supported: declare it before the struct");
        bad = true;
      }
      TypeSpec spec = parts.normalise(b);
      if (bad) {
        continue;
      }
      if (spec.base() == BaseType.AUTO) {
        b.check(f.declarationSpecifiers(), "a struct field cannot be declared 'auto'");
        continue;
      }
      for (FieldDeclaratorContext d : f.fieldDeclarator()) {
        if (d.IDENTIFIER() != null) {
          StructDef.Field field = field(d, d.pointer(), d.IDENTIFIER(), d.arrayDimension(), spec, parts, names, b);
          if (field != null) {
            out.add(field);
          }
        }
      }
    }
    return out;
  }

  /**
   * One field of a struct or class body: its declarator's pointer levels (after an alias's),
   * name and array dimensions; null when it is refused (reported), a name seen before in
   * {@code names} included.
   */
  static StructDef.Field field(ParserRuleContext declarator, List<CudaParser.PointerContext> pointerLevels, TerminalNode id,
      List<CudaParser.ArrayDimensionContext> arrayDims, TypeSpec spec, TypeSpecifiers parts, Set<String> names, BuildContext b) {
    DeclarationBuilder.DeclaratorParts holder = new DeclarationBuilder.DeclaratorParts();
    List<PointerLevel> pointers = parts.withAliasPointers(b.decls.pointers(pointerLevels, holder));
    if (holder.bad) {
      return null;
    }
    String name = id.getText();
    if (!names.add(name)) {
      b.check(id, "duplicate member '" + name + "'");
      return null;
    }
    List<ArrayDim> dims = new ArrayList<>();
    for (CudaParser.ArrayDimensionContext dim : arrayDims) {
      dims.add(new ArrayDim(b.span(dim), dim.assignmentExpression() == null ? null : b.exprs.build(dim.assignmentExpression())));
    }
    return new StructDef.Field(b.span(declarator), spec, pointers, name, b.span(id), dims);
  }

  /**
   * The struct {@code struct NAME} refers to, declaring it (incomplete) when no struct of that
   * name is in scope (C11 §6.7.2.3 ¶8); null, reported, when it is refused or is no struct.
   */
  static StructDef named(ClassSpecifierContext c, BuildContext b) {
    Token name = c.structName().getStart();
    String key = b.namespaces.resolveType(name.getText(), b.aliases::containsKey);
    if (b.aliases.containsKey(key)) {
      BuildContext.Alias a = b.aliases.get(key);
      if (a == null) {
        return null; // refused where it was declared
      }
      if (a.spec().struct() != null && a.pointers().isEmpty() && a.spec().struct().name().equals(key)) {
        return a.spec().struct();
      }
      b.check(name, "'" + name.getText() + "' is a typedef, not a struct: write it without 'struct'");
      return null;
    }
    if (name.getText().contains("::")) {
      b.check(name, "no struct named '" + name.getText() + "'");
      return null;
    }
    String qualified = b.namespaces.prefix() + name.getText();
    StructDef def = new StructDef(qualified, b.span(name));
    b.aliases.put(qualified, new BuildContext.Alias(TypeSpec.of(b.span(name), def, false, false), List.of()));
    return def;
  }

  /** Why a {@code struct} body the subset does not read is refused, by its first telling token. */
  static String refusal(ClassSpecifierContext c) {
    if (c.ALIGN() != null) {
      return Unsupported.ALIGNMENT;
    }
    if (c.baseClause() != null && c.braceBody() == null) {
      return "a base class is named where the class is defined ('struct D : B { ... };')";
    }
    List<Token> tokens = new ArrayList<>();
    tokens(c.braceBody(), tokens);
    for (int i = 1; i < tokens.size() - 1; i++) {
      Token t = tokens.get(i);
      switch (t.getType()) {
        case CudaLexer.IDENTIFIER -> {
          if (tokens.get(i + 1).getType() == CudaLexer.COLON && Set.of("public", "private", "protected").contains(t.getText())) {
            return Unsupported.STRUCT_ACCESS;
          }
        }
        case CudaLexer.STATIC -> {
          return Unsupported.STRUCT_STATIC;
        }
        case CudaLexer.LPAREN, CudaLexer.OPERATOR, CudaLexer.TILDE -> {
          if (t.getType() == CudaLexer.LPAREN && tokens.get(i + 1).getType() == CudaLexer.STAR) {
            return "function pointer members are not supported";
          }
          return Unsupported.STRUCT_MEMBER_FUNCTIONS;
        }
        case CudaLexer.COLON -> {
          return Unsupported.STRUCT_BIT_FIELDS;
        }
        case CudaLexer.ASSIGN -> {
          return Unsupported.STRUCT_MEMBER_INITIALIZERS;
        }
        case CudaLexer.HALF -> {
          return Unsupported.HALF;
        }
        case CudaLexer.ALIGN -> {
          return Unsupported.ALIGNMENT;
        }
        case CudaLexer.TEMPLATE -> {
          return Unsupported.TEMPLATES;
        }
        case CudaLexer.UNION -> {
          return Unsupported.UNIONS;
        }
        default -> {}
      }
    }
    return Unsupported.STRUCT_BODY;
  }

  static void tokens(ParseTree t, List<Token> out) {
    if (t instanceof TerminalNode n) {
      out.add(n.getSymbol());
    } else if (t instanceof ParserRuleContext r && r.children != null) {
      r.children.forEach(ch -> tokens(ch, out));
    }
  }
}
