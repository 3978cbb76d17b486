package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.BasicTypeSpecifierContext;
import org.scansim.frontend.parse.CudaParser.ClassSpecifierContext;
import org.scansim.frontend.parse.CudaParser.DeclarationSpecifierContext;
import org.scansim.frontend.parse.CudaParser.EnumSpecifierContext;
import org.scansim.frontend.parse.CudaParser.LaunchBoundsSpecifierContext;
import org.scansim.frontend.parse.CudaParser.LinkageSpecifierContext;
import org.scansim.frontend.parse.CudaParser.QualifierSpecifierContext;
import org.scansim.frontend.parse.CudaParser.StorageSpecifierContext;
import org.scansim.frontend.parse.CudaParser.TemplateTypeSpecifierContext;
import org.scansim.frontend.parse.CudaParser.TypeQualifierContext;
import org.scansim.frontend.parse.CudaParser.TypeSpecifierContext;
import org.scansim.frontend.parse.CudaParser.TypeSpecifierItemContext;
import org.scansim.frontend.parse.CudaParser.UnsupportedSpecifierContext;
import org.scansim.frontend.parse.CudaParser.UnsupportedTypeKeywordContext;

/**
 * Sorts a list of declaration specifiers, written in any order (C11 §6.7 ¶2), into type keywords,
 * qualifiers and storage/space keywords, reports the unsupported ones, and normalises the type
 * keywords into a {@link BaseType} following the list of valid combinations in C11 §6.7.2 ¶2
 * ({@code long unsigned int} is {@code unsigned long}; {@code unsigned} alone is {@code unsigned
 * int}; {@code signed char} differs from {@code char}).
 */
final class TypeSpecifiers {
  final List<Token> typeWords = new ArrayList<>();
  /** Storage classes, memory spaces and function specifiers, in source order. */
  final List<Token> storageWords = new ArrayList<>();
  boolean isConst;
  boolean isVolatile;
  /** The {@code extern} of {@code extern "C"}, or null. */
  Token externC;
  /** An unsupported construct was reported; the declaration is not built. */
  boolean unsupported;
  /** The {@code typedef} keyword, or null: the declaration declares aliases, not objects. */
  Token typedef;
  /** The alias named among the type words, or null. */
  BuildContext.Alias alias;
  /** The struct named or defined among the type words ({@code struct Pair}, {@code float4}), or null. */
  org.scansim.frontend.ast.StructDef struct;
  /** Whether the specifiers define or name a struct ({@code struct Pair { ... };} declares something without a declarator). */
  boolean declaresStruct;
  /** The {@code virtual} of a member function's declaration, or null. */
  Token virtualWord;
  /** Whether the specifiers define a class with member functions (ClassBuilder). */
  boolean definesClass;
  /** The arguments written after a type name ({@code thread_block_tile<32>}), or null. */
  CudaParser.ExplicitTemplateArgumentsContext templateArguments;

  private final ParserRuleContext whole;
  private Token first;
  private Token last;

  private TypeSpecifiers(ParserRuleContext whole) {
    this.whole = whole;
  }

  /** Collects {@code items}: declarationSpecifier, typeSpecifier or typeQualifier contexts. */
  static TypeSpecifiers collect(ParserRuleContext whole, List<? extends ParserRuleContext> items, BuildContext b) {
    return collect(whole, items, b, false);
  }

  /**
   * As above; {@code member}: a class's member function is declared, where {@code virtual} is
   * read into {@link #virtualWord} (C++ [class.virtual]); anywhere else it is an error.
   */
  static TypeSpecifiers collect(ParserRuleContext whole, List<? extends ParserRuleContext> items, BuildContext b, boolean member) {
    TypeSpecifiers s = new TypeSpecifiers(whole);
    for (ParserRuleContext item : items) {
      if (item instanceof UnsupportedSpecifierContext c && c.kw != null) {
        if (member) {
          s.virtualWord = c.kw;
          continue;
        }
        b.error(c.kw, Unsupported.VIRTUAL);
        s.unsupported = true;
        return s;
      }
    }
    for (ParserRuleContext item : items) {
      s.add(item, b);
    }
    return s;
  }

  private void add(ParserRuleContext item, BuildContext b) {
    if (item instanceof StorageSpecifierContext c) {
      Token kw = c.storageClassSpecifier().kw;
      if (kw != null && kw.getType() == CudaLexer.TYPEDEF) {
        typedef = kw;
        return;
      }
      token(storageWords, kw);
    } else if (item instanceof TypeSpecifierItemContext c) {
      typeSpecifier(c.typeSpecifier(), b);
    } else if (item instanceof QualifierSpecifierContext c) {
      qualifier(c.typeQualifier());
    } else if (item instanceof TypeSpecifierContext c) {
      typeSpecifier(c, b);
    } else if (item instanceof TypeQualifierContext c) {
      qualifier(c);
    } else if (item instanceof CudaParser.AlignmentSpecifierContext c) {
      b.error(c.ALIGN(), Unsupported.ALIGNMENT);
      unsupported = true;
    } else if (item instanceof LaunchBoundsSpecifierContext) {
      // CUDA Guide, "Launch Bounds": an optimisation hint; the simulator takes the block size
      // from the launch.
    } else if (item instanceof LinkageSpecifierContext c) {
      String language = c.STRING_LITERAL().getText();
      if (!language.equals("\"C\"") && !language.equals("\"C++\"")) {
        b.check(c.STRING_LITERAL(), "unknown linkage language " + language);
      }
      externC = c.EXTERN().getSymbol();
    } else if (item instanceof UnsupportedSpecifierContext) {
      // virtual on a member function: read by collect
    } else if (item instanceof DeclarationSpecifierContext) {
      unsupported = true; // an incomplete alternative after a syntax error
    }
  }

  private void typeSpecifier(TypeSpecifierContext ctx, BuildContext b) {
    if (ctx instanceof BasicTypeSpecifierContext c) {
      token(typeWords, c.kw);
      return;
    }
    if (ctx instanceof CudaParser.TypedefNameSpecifierContext c) {
      token(typeWords, c.TYPE_NAME().getSymbol());
      return;
    }
    if (ctx instanceof CudaParser.TemplatedTypeNameSpecifierContext c) {
      token(typeWords, c.TYPE_NAME().getSymbol());
      templateArguments = c.explicitTemplateArguments();
      return;
    }
    if (ctx instanceof CudaParser.VectorTypeSpecifierContext c) {
      token(typeWords, c.VECTOR_TYPE().getSymbol());
      struct = org.scansim.frontend.ast.StructDef.vector(c.VECTOR_TYPE().getText());
      return;
    }
    if (ctx instanceof CudaParser.StructSpecifierContext c) {
      token(typeWords, c.STRUCT().getSymbol());
      declaresStruct = true;
      struct = StructBuilder.define(c, typedef != null ? firstDeclaredName() : null, b);
      unsupported |= struct == null;
      return;
    }
    if (ctx instanceof ClassSpecifierContext c && c.kw != null && (c.kw.getType() == CudaLexer.STRUCT || c.kw.getType() == CudaLexer.CLASS)
        && c.structName() != null
        && c.baseClause() == null && c.braceBody() == null && c.ALIGN() == null) {
      token(typeWords, c.kw);
      declaresStruct = true;
      struct = StructBuilder.named(c, b);
      unsupported |= struct == null;
      return;
    }
    if (ctx instanceof ClassSpecifierContext c && ClassBuilder.isClass(c)) {
      token(typeWords, c.kw);
      declaresStruct = true;
      definesClass = true;
      struct = ClassBuilder.define(c, typedef != null ? firstDeclaredName() : null, b);
      unsupported |= struct == null;
      return;
    }
    unsupported = true;
    if (ctx instanceof UnsupportedTypeKeywordContext c && c.kw != null) {
      b.error(c.kw, c.kw.getType() == CudaLexer.HALF ? Unsupported.HALF : Unsupported.TEXTURES);
    } else if (ctx instanceof ClassSpecifierContext c && c.kw != null) {
      String message =
          switch (c.kw.getType()) {
            case CudaLexer.STRUCT, CudaLexer.CLASS -> StructBuilder.refusal(c);
            case CudaLexer.UNION -> Unsupported.UNIONS;
            default -> Unsupported.CLASSES;
          };
      b.error(c.kw, message);
      if ((c.kw.getType() == CudaLexer.STRUCT || c.kw.getType() == CudaLexer.CLASS) && c.structName() != null && !b.namespaces.inFunction()) {
        b.aliases.put(b.namespaces.prefix() + c.structName().getText(), null); // its uses are not reported again
      }
    } else if (ctx instanceof EnumSpecifierContext c) {
      b.error(c.ENUM(), Unsupported.ENUMS);
    } else if (ctx instanceof TemplateTypeSpecifierContext c && c.IDENTIFIER() != null) {
      b.error(c.IDENTIFIER(), Unsupported.forTemplate(c.IDENTIFIER().getText()));
    }
  }

  /** The first name the declaration of these specifiers declares ({@code Pair} of {@code typedef struct { ... } Pair;}), or null. */
  private Token firstDeclaredName() {
    if (!(whole.getParent() instanceof CudaParser.DeclarationContext d) || d.initDeclaratorList() == null
        || d.initDeclaratorList().initDeclarator().isEmpty()) {
      return null;
    }
    CudaParser.DeclaratorContext decl = d.initDeclaratorList().initDeclarator(0).declarator();
    CudaParser.DeclaratorNameContext n = decl instanceof CudaParser.ObjectDeclaratorContext o ? o.declaratorName() : null;
    return n instanceof CudaParser.SimpleNameContext s && s.IDENTIFIER() != null && (decl instanceof CudaParser.ObjectDeclaratorContext o2)
        && o2.pointer().isEmpty() ? s.IDENTIFIER().getSymbol() : null;
  }

  private void qualifier(TypeQualifierContext c) {
    if (c.kw == null) {
      return;
    }
    switch (c.kw.getType()) {
      case CudaLexer.CONST, CudaLexer.CONSTEXPR -> isConst = true;
      case CudaLexer.VOLATILE -> isVolatile = true;
      default -> {} // restrict on a non-pointer: meaningless, and harmless to the simulator
    }
    extend(c.kw);
  }

  private void token(List<Token> into, Token t) {
    if (t != null) {
      into.add(t);
      if (into == typeWords) {
        extend(t);
      }
    }
  }

  private void extend(Token t) {
    if (first == null) {
      first = t;
    }
    last = t;
  }

  /** The span of the type keywords and qualifiers, or of the whole list when there are none. */
  Span span(BuildContext b) {
    return first == null ? b.span(whole) : b.spans.of(first, last);
  }

  /**
   * The type a typedef name stands for, with this list's qualifiers added ({@code const uint});
   * other type keywords beside it are an error, as in C ({@code unsigned uint}). A name whose
   * own declaration was refused reads as {@code int} with no second report.
   */
  private TypeSpec aliased(Token named, BuildContext b, Span span) {
    if (typeWords.size() > 1) {
      b.check(Spans.offset(typeWords.get(0)), b.spans.of(typeWords.get(0), typeWords.get(typeWords.size() - 1)),
          "'" + named.getText() + "' names a type: no other type keyword may stand beside it");
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    String template = templateArguments == null || b.templateTypes.containsKey(named.getText()) ? null
        : b.namespaces.resolveType(named.getText(), b.classTemplates::containsKey);
    if (FunctionClasses.NAME.equals(template) && b.classTemplates.containsKey(template)) {
      // std::function<R(A...)>: scansim's class for that signature.
      org.scansim.frontend.ast.StructDef def = FunctionClasses.of(templateArguments, named, b);
      if (def == null) {
        unsupported = true;
        return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
      }
      return TypeSpec.of(span, def, isConst, isVolatile);
    }
    if (template != null && b.classTemplates.containsKey(template)) {
      // BlockScan<float, 256>: the class template's instance for these arguments (C++ [temp.names]).
      TemplateDef t = b.classTemplates.get(template);
      org.scansim.frontend.ast.StructDef def = b.exprs.classInstance(t, named, templateArguments);
      if (def == null) {
        unsupported = true;
        return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
      }
      return TypeSpec.of(span, def, isConst, isVolatile);
    }
    String key = b.templateTypes.containsKey(named.getText()) ? null : b.namespaces.resolveType(named.getText(), b.aliases::containsKey);
    BuildContext.Alias a = key == null ? b.templateTypes.get(named.getText()) : b.aliases.get(key);
    String shortName = named.getText().substring(named.getText().lastIndexOf(':') + 1);
    if (a == null && key != null && !b.aliases.containsKey(key)) {
      // A name that is a type only in a namespace not in scope (thread_block without
      // cooperative_groups), or a group outside the subset.
      unsupported = true;
      b.error(named, TypeNames.OTHER_GROUPS.contains(shortName) ? "cooperative_groups::" + shortName + " is not supported (thread_block and"
          + " thread_block_tile<N> are)" : "unknown type name '" + named.getText() + "' (is its namespace in scope?)");
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    if (a == null) {
      unsupported = true;
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    if (a.spec().base() == BaseType.CG_TILE32 && "cooperative_groups::thread_block_tile".equals(key)) {
      BaseType tile = templateArguments == null ? null : tileOf(templateArguments, b);
      if (tile == null) {
        unsupported = true;
        if (templateArguments == null || !b.errors.hasErrors()) {
          b.error(named, "thread_block_tile<N> takes its size, a power of two from 1 to 32");
        }
        return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
      }
      alias = a;
      return new TypeSpec(span, tile, isConst, isVolatile);
    }
    if (templateArguments != null) {
      unsupported = true;
      b.error(named, "'" + named.getText() + "' takes no template arguments");
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    alias = a;
    return a.spec().at(span, isConst, isVolatile);
  }

  /** The tile type {@code <N>} asks for, or null. */
  private static BaseType tileOf(CudaParser.ExplicitTemplateArgumentsContext args, BuildContext b) {
    if (args.explicitTemplateArgument().size() != 1
        || !(args.explicitTemplateArgument(0) instanceof CudaParser.ValueExplicitArgumentContext v)) {
      return null;
    }
    Long n = b.exprs.templateConstant(v.templateValue());
    return n == null ? null : BaseType.tile(n);
  }

  /** The pointer levels of the alias named, before a declarator's own ({@code floatp *q}: two). */
  java.util.List<org.scansim.frontend.ast.PointerLevel> withAliasPointers(java.util.List<org.scansim.frontend.ast.PointerLevel> own) {
    if (alias == null || alias.pointers().isEmpty()) {
      return own;
    }
    java.util.List<org.scansim.frontend.ast.PointerLevel> all = new ArrayList<>(alias.pointers());
    all.addAll(own);
    return all;
  }

  /**
   * The normalised type (C11 §6.7.2 ¶2). A combination outside that list is reported, with gcc's
   * wording, and read as {@code int}, as is a declaration after an unsupported construct.
   */
  TypeSpec normalise(BuildContext b) {
    Span span = span(b);
    if (unsupported) {
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    if (typeWords.isEmpty()) {
      b.check(whole, "missing type specifier");
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    if (struct != null) {
      if (typeWords.size() > 1) {
        b.check(Spans.offset(typeWords.get(0)), b.spans.of(typeWords.get(0), typeWords.get(typeWords.size() - 1)),
            "two or more data types in declaration specifiers");
        return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
      }
      return TypeSpec.of(span, struct, isConst, isVolatile);
    }
    Token named = typeWords.stream().filter(t -> t.getType() == CudaLexer.TYPE_NAME).findFirst().orElse(null);
    if (named != null) {
      return aliased(named, b, span);
    }
    int shorts = 0;
    int longs = 0;
    int signeds = 0;
    int unsigneds = 0;
    int dataTypes = 0;
    Token data = null;
    for (Token t : typeWords) {
      switch (t.getType()) {
        case CudaLexer.SHORT -> shorts++;
        case CudaLexer.LONG -> longs++;
        case CudaLexer.SIGNED -> signeds++;
        case CudaLexer.UNSIGNED -> unsigneds++;
        default -> {
          dataTypes++;
          data = t;
        }
      }
    }
    if (data != null && data.getType() == CudaLexer.AUTO) {
      if (typeWords.size() > 1) {
        b.check(Spans.offset(typeWords.get(0)), b.spans.of(typeWords.get(0), typeWords.get(typeWords.size() - 1)),
            "'auto' cannot be combined with another type keyword");
        return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
      }
      return new TypeSpec(span, BaseType.AUTO, isConst, isVolatile);
    }
    int dataType = data == null ? CudaLexer.INT : data.getType();
    String dataWord = data == null ? "int" : data.getText();
    boolean intLike = dataType == CudaLexer.INT;
    String problem = null;
    if (dataTypes > 1) {
      problem = "two or more data types in declaration specifiers";
    } else if (signeds > 0 && unsigneds > 0) {
      problem = "both 'signed' and 'unsigned' in declaration specifiers";
    } else if (signeds > 1 || unsigneds > 1 || shorts > 1) {
      problem = "duplicate '" + (shorts > 1 ? "short" : signeds > 1 ? "signed" : "unsigned") + "'";
    } else if (shorts > 0 && longs > 0) {
      problem = "both 'long' and 'short' in declaration specifiers";
    } else if (longs > 2) {
      problem = "'long long long' is too long";
    } else if ((signeds > 0 || unsigneds > 0) && !intLike && dataType != CudaLexer.CHAR) {
      problem = "both '" + (unsigneds > 0 ? "unsigned" : "signed") + "' and '" + dataWord + "' in declaration specifiers";
    } else if (longs == 1 && dataType == CudaLexer.DOUBLE) {
      problem = Unsupported.LONG_DOUBLE;
    } else if ((shorts > 0 || longs > 0) && !intLike) {
      String width = shorts > 0 ? "short" : longs == 2 ? "long long" : "long";
      problem = "both '" + width + "' and '" + dataWord + "' in declaration specifiers";
    }
    if (problem != null) {
      Span where = b.spans.of(typeWords.get(0), typeWords.get(typeWords.size() - 1));
      if (problem.equals(Unsupported.LONG_DOUBLE)) {
        b.errors.add(SyntaxErrors.Kind.UNSUPPORTED, Spans.offset(typeWords.get(0)), where, problem);
      } else {
        b.check(Spans.offset(typeWords.get(0)), where, problem);
      }
      return new TypeSpec(span, BaseType.INT, isConst, isVolatile);
    }
    boolean u = unsigneds > 0;
    BaseType base =
        switch (dataType) {
          case CudaLexer.VOID -> BaseType.VOID;
          case CudaLexer.BOOL -> BaseType.BOOL;
          case CudaLexer.CHAR -> u ? BaseType.UCHAR : signeds > 0 ? BaseType.SCHAR : BaseType.CHAR;
          case CudaLexer.FLOAT -> BaseType.FLOAT;
          case CudaLexer.DOUBLE -> BaseType.DOUBLE;
          case CudaLexer.SIZE_T -> BaseType.SIZE_T;
          case CudaLexer.DIM3 -> BaseType.DIM3;
          case CudaLexer.CUDA_ERROR_T -> BaseType.CUDA_ERROR;
          default -> {
            if (shorts > 0) {
              yield u ? BaseType.USHORT : BaseType.SHORT;
            } else if (longs == 1) {
              yield u ? BaseType.ULONG : BaseType.LONG;
            } else if (longs == 2) {
              yield u ? BaseType.ULLONG : BaseType.LLONG;
            }
            yield u ? BaseType.UINT : BaseType.INT;
          }
        };
    return new TypeSpec(span, base, isConst, isVolatile);
  }
}
