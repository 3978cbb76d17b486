package org.scansim.frontend.parse;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.WritableToken;
import org.scansim.frontend.ast.BaseType;

/**
 * Retypes the identifiers that name types as {@link CudaLexer#TYPE_NAME}, before parsing, as a C
 * compiler's lexer consults its symbol table (C11 §6.7.8 ¶3: a typedef name is a type specifier).
 * Without it {@code uint x;} and {@code (uint) x} cannot be told from an expression and a
 * parenthesised one.
 *
 * <p>The names are those of {@link #PREDEFINED} (the {@code <stdint.h>}/{@code <cstdint>} types and
 * glibc's {@code uint}), and those a file declares with {@code typedef ... NAME;} or {@code using
 * NAME = ...;}, and the structs it names ({@code struct Pair}, C++ [class.name]), from their
 * declaration to the end of the file. The declaring occurrence stays an
 * identifier, so a file may typedef a predefined name again ({@code typedef unsigned int uint32_t;},
 * as C11 §6.7 ¶3 allows for the same type).
 *
 * <p>Not modelled: scopes. A typedef in a function is seen to the end of the file, and a variable
 * that reuses a type's name ({@code int uint = 0;}) is not told apart; neither is common in scan
 * code, and nvcc accepts only the first.
 */
final class TypeNames {
  /** The type names every file knows, and the types they stand for (LP64, as nvcc on Linux). */
  static final Map<String, BaseType> PREDEFINED = predefined();

  /**
   * The cooperative groups' types, by qualified name (cooperative_groups.h): named as
   * {@code cg::thread_block} through a namespace alias, or unqualified after {@code using
   * namespace cooperative_groups}. {@code thread_block_tile} takes its size as an argument.
   */
  static final Map<String, BaseType> COOPERATIVE_GROUPS = Map.of(
      "cooperative_groups::thread_block", BaseType.CG_BLOCK,
      "cooperative_groups::thread_block_tile", BaseType.CG_TILE32);

  /** Cooperative groups' types outside the subset, refused by name. */
  static final java.util.Set<String> OTHER_GROUPS = java.util.Set.of("grid_group", "coalesced_group", "cluster_group",
      "multi_grid_group");

  /** Templates of cooperative_groups.h, named with explicit arguments: tiled_partition<32>(block), plus<int>(). */
  static final java.util.Set<String> GROUP_TEMPLATES = java.util.Set.of("tiled_partition", "plus", "less", "greater", "bit_and",
      "bit_or", "bit_xor");

  private TypeNames() {}

  private static Map<String, BaseType> predefined() {
    Map<String, BaseType> m = new LinkedHashMap<>();
    m.put("int8_t", BaseType.SCHAR);
    m.put("uint8_t", BaseType.UCHAR);
    m.put("int16_t", BaseType.SHORT);
    m.put("uint16_t", BaseType.USHORT);
    m.put("int32_t", BaseType.INT);
    m.put("uint32_t", BaseType.UINT);
    m.put("int64_t", BaseType.LONG);
    m.put("uint64_t", BaseType.ULONG);
    m.put("intptr_t", BaseType.LONG);
    m.put("uintptr_t", BaseType.ULONG);
    m.put("ptrdiff_t", BaseType.LONG);
    m.put("ssize_t", BaseType.LONG);
    // <ctime>'s, as glibc defines them on x86-64 and aarch64
    m.put("time_t", BaseType.LONG);
    m.put("clock_t", BaseType.LONG);
    // The CUDA runtime's handles, opaque pointers there, numbers here (CLibrary's events and streams)
    m.put("cudaEvent_t", BaseType.ULONG);
    m.put("cudaStream_t", BaseType.ULONG);
    // glibc's <sys/types.h>, which CUDA's headers include: common in course kernels.
    m.put("uint", BaseType.UINT);
    m.put("ushort", BaseType.USHORT);
    m.put("ulong", BaseType.ULONG);
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * The tokens with every identifier that names a type retyped, and each qualified type name
   * ({@code scan::real}, {@code std::uint32_t}) made one TYPE_NAME token whose text is the whole
   * name; {@code std::} before a type keyword ({@code std::size_t}) is dropped.
   */
  static List<Token> retyped(List<Token> tokens) {
    retype(tokens);
    List<Token> out = new java.util.ArrayList<>(tokens.size());
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (classMember(tokens, i) && (out.isEmpty() || out.get(out.size() - 1).getType() != CudaLexer.COLON_COLON)) {
        // Counter::zero: a class's member, one name (a static member function, or a member defined outside the class).
        out.add(joined(tokens, i, i + 2));
        i += 2;
        continue;
      }
      int end = i;
      while (end + 2 < tokens.size() && tokens.get(end).getType() == CudaLexer.IDENTIFIER
          && tokens.get(end + 1).getType() == CudaLexer.COLON_COLON) {
        end += 2;
      }
      int back = out.size() - 1;
      if (back >= 0 && out.get(back).getType() == CudaLexer.COLON_COLON) {
        back--; // using ::std::uint32_t;
      }
      boolean afterUsing = back >= 0 && out.get(back).getType() == CudaLexer.USING;
      if (end > i) {
        Token last = tokens.get(end);
        if (!afterUsing && classMember(tokens, end)) {
          out.add(joined(tokens, i, end + 2)); // lab::Timer::made: a member of a namespace's class, one name
          i = end + 2;
          continue;
        }
        if ((last.getType() == CudaLexer.TYPE_NAME || last.getType() == CudaLexer.TEMPLATE_NAME) && !afterUsing) {
          out.add(joined(tokens, i, end));
          i = end;
          continue;
        }
        if (end == i + 2 && t.getText().equals("std") && isTypeKeyword(last.getType())) {
          out.add(last);
          i = end;
          continue;
        }
        // Not a qualified type: the chain's tokens as they are (each is looked at once, so a
        // hostile a::a::a::... stays linear).
        out.addAll(tokens.subList(i, end));
        i = end - 1;
        continue;
      }
      out.add(t);
    }
    return splitClosingShifts(out);
  }

  /**
   * C++11 [temp.names] ¶3: a {@code >>} that closes two template argument lists
   * ({@code std::vector<std::vector<int>>}) is two {@code >}. A list opens at a {@code <} right
   * after a type or template name; inside parentheses a {@code >>} stays a shift.
   */
  private static List<Token> splitClosingShifts(List<Token> tokens) {
    java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>(); // each open list's parenthesis depth
    int parens = 0;
    List<Token> out = null;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      int type = t.getType();
      if (type == CudaLexer.LT && i > 0 && (tokens.get(i - 1).getType() == CudaLexer.TYPE_NAME
          || tokens.get(i - 1).getType() == CudaLexer.TEMPLATE_NAME)) {
        open.push(parens);
      } else if (type == CudaLexer.LPAREN) {
        parens++;
      } else if (type == CudaLexer.RPAREN) {
        parens = Math.max(0, parens - 1);
      } else if (type == CudaLexer.GT && !open.isEmpty() && open.peek() == parens) {
        open.pop();
      } else if ((type == CudaLexer.SHR && open.size() >= 2 || type == CudaLexer.LAUNCH_CLOSE && open.size() >= 3) && open.peek() == parens) {
        int closes = type == CudaLexer.SHR ? 2 : 3; // W<W<W<int>>>: three lists closed at once
        if (out == null) {
          out = new java.util.ArrayList<>(tokens.subList(0, i));
        }
        for (int k = 0; k < closes; k++) {
          open.pop();
          out.add(half(t, k));
        }
        continue;
      } else if (type == CudaLexer.SEMI || type == CudaLexer.LBRACE || type == CudaLexer.RBRACE) {
        open.clear(); // a '<' that was a comparison after all
      }
      if (out != null) {
        out.add(t);
      }
    }
    return out == null ? tokens : out;
  }

  /** The first, second (or third) {@code >} of a {@code >>} (or {@code >>>}). */
  private static Token half(Token shift, int k) {
    org.antlr.v4.runtime.CommonToken g = new org.antlr.v4.runtime.CommonToken(shift);
    g.setType(CudaLexer.GT);
    g.setText(">");
    g.setStartIndex(shift.getStartIndex() + k);
    g.setStopIndex(shift.getStartIndex() + k);
    g.setCharPositionInLine(shift.getCharPositionInLine() + k);
    return g;
  }

  /** Whether a class's name at {@code at} is followed by {@code ::member} (a member, or a member type) and no further {@code ::}. */
  private static boolean classMember(List<Token> tokens, int at) {
    return tokens.get(at).getType() == CudaLexer.TYPE_NAME && at + 2 < tokens.size() && tokens.get(at + 1).getType() == CudaLexer.COLON_COLON
        && (tokens.get(at + 2).getType() == CudaLexer.IDENTIFIER || tokens.get(at + 2).getType() == CudaLexer.TYPE_NAME
            && !(at + 3 < tokens.size() && tokens.get(at + 3).getType() == CudaLexer.LPAREN)) // not Timer::Timer( of a constructor
        && (at + 3 >= tokens.size() || tokens.get(at + 3).getType() != CudaLexer.COLON_COLON);
  }

  /** The tokens from {@code from} to {@code to} as one, of the last one's type, where the first one stands. */
  private static Token joined(List<Token> tokens, int from, int to) {
    StringBuilder name = new StringBuilder();
    for (int k = from; k <= to; k++) {
      name.append(tokens.get(k).getText());
    }
    Token first = tokens.get(from);
    org.antlr.v4.runtime.CommonToken merged = new org.antlr.v4.runtime.CommonToken(tokens.get(to));
    merged.setText(name.toString());
    merged.setStartIndex(first.getStartIndex());
    merged.setLine(first.getLine());
    merged.setCharPositionInLine(first.getCharPositionInLine());
    return merged;
  }

  private static boolean isTypeKeyword(int type) {
    return switch (type) {
      case CudaLexer.SIZE_T, CudaLexer.INT, CudaLexer.FLOAT, CudaLexer.DOUBLE, CudaLexer.CHAR, CudaLexer.LONG, CudaLexer.SHORT,
          CudaLexer.UNSIGNED, CudaLexer.BOOL -> true;
      default -> false;
    };
  }

  /**
   * Retypes, in place, every identifier of {@code tokens} that names a type where it stands, and
   * every use of a function template's name as {@link CudaLexer#TEMPLATE_NAME}. A template's type
   * parameters are types from its parameter list to the end of its definition.
   */
  static void retype(List<Token> tokens) {
    Set<String> names = new HashSet<>(PREDEFINED.keySet());
    names.add("FILE"); // <cstdio>'s stream object (StructDef.FILE)
    // The cooperative groups' names are types only in a file that names their namespace.
    boolean groups = tokens.stream().anyMatch(t -> t.getType() == CudaLexer.IDENTIFIER && t.getText().equals("cooperative_groups"));
    if (groups) {
      COOPERATIVE_GROUPS.keySet().forEach(q -> names.add(q.substring(q.lastIndexOf(':') + 1)));
      names.addAll(OTHER_GROUPS);
    }
    Set<Integer> declaring = new HashSet<>();
    Map<String, Integer> parameterUntil = new java.util.HashMap<>();
    Set<String> templates = new HashSet<>();
    int templateEnd = -1;
    // Names a declaration introduces become type names after it: `typedef int T[T];` is not a thing.
    int pendingEnd = -1;
    Set<String> pending = new HashSet<>();
    // Struct names that a variable, field or parameter of that name hides, to the end of the
    // braces it is declared in (C++ [basic.scope.hiding] ¶2; `struct node` still names the struct).
    Set<String> structs = new HashSet<>();
    Map<String, java.util.ArrayDeque<Integer>> hidden = new java.util.HashMap<>();
    List<String> parameters = new java.util.ArrayList<>();
    // Names declared in a namespace (std::chrono::seconds of scansim's <chrono>) are types only
    // where C++ finds them: qualified, inside that namespace, or after a using-directive or
    // using-declaration for them; elsewhere the name is the program's own (a variable `seconds`).
    java.util.ArrayDeque<String> namespaceStack = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Integer> namespaceDepth = new java.util.ArrayDeque<>();
    Map<String, String> scoped = new java.util.HashMap<>();
    Set<String> usingNamespaces = new HashSet<>();
    Set<String> usingNames = new HashSet<>();
    int braces = 0;
    int parens = 0;
    for (int i = 0; i < tokens.size(); i++) {
      if (i == pendingEnd) {
        scope(pending, names, scoped, namespaceStack);
        names.addAll(pending);
        pending.clear();
        pendingEnd = -1;
      }
      Token t = tokens.get(i);
      int type = t.getType();
      if (type == CudaLexer.NAMESPACE) {
        int j = i + 1;
        StringBuilder path = new StringBuilder();
        while (j < tokens.size() && (tokens.get(j).getType() == CudaLexer.IDENTIFIER || tokens.get(j).getType() == CudaLexer.COLON_COLON)) {
          path.append(tokens.get(j).getText());
          j++;
        }
        boolean directive = i > 0 && tokens.get(i - 1).getType() == CudaLexer.USING;
        if (directive) {
          usingNamespaces.add(path.toString().startsWith("::") ? path.substring(2) : path.toString());
        } else if (j < tokens.size() && tokens.get(j).getType() == CudaLexer.LBRACE && path.length() > 0) {
          namespaceStack.push(path.toString()); // its names are declared from the '{' on
          namespaceDepth.push(braces + 1);
        }
      } else if (type == CudaLexer.USING && i + 3 < tokens.size() && tokens.get(i + 1).getType() == CudaLexer.IDENTIFIER
          && tokens.get(i + 2).getType() == CudaLexer.COLON_COLON) {
        int j = i + 1; // using std::chrono::seconds;: the last name, where it is visible
        while (j + 2 < tokens.size() && tokens.get(j + 1).getType() == CudaLexer.COLON_COLON
            && tokens.get(j + 2).getType() == CudaLexer.IDENTIFIER) {
          j += 2;
        }
        usingNames.add(tokens.get(j).getText());
      }
      switch (type) {
        case CudaLexer.LBRACE -> braces++;
        case CudaLexer.RBRACE -> {
          braces = Math.max(0, braces - 1);
          while (!namespaceDepth.isEmpty() && braces < namespaceDepth.peek()) {
            namespaceDepth.pop();
            namespaceStack.pop();
          }
          int depth = braces;
          hidden.values().removeIf(d -> {
            while (!d.isEmpty() && d.peek() > depth) {
              d.pop();
            }
            return d.isEmpty();
          });
        }
        case CudaLexer.LPAREN -> parens++;
        case CudaLexer.RPAREN -> {
          parens = Math.max(0, parens - 1);
          if (parens == 0 && !parameters.isEmpty()) {
            // A parameter's (or a for header's) name hides a struct to the end of the braced body
            // that follows, and no further after a prototype.
            if (i + 1 >= tokens.size() || tokens.get(i + 1).getType() != CudaLexer.LBRACE) {
              for (String name : parameters) {
                java.util.ArrayDeque<Integer> d = hidden.get(name);
                if (d != null) {
                  d.pop();
                  if (d.isEmpty()) {
                    hidden.remove(name);
                  }
                }
              }
            }
            parameters.clear();
          }
        }
        default -> {}
      }
      if (type == CudaLexer.TEMPLATE && i > templateEnd && i + 1 < tokens.size() && tokens.get(i + 1).getType() == CudaLexer.LT) {
        Set<String> before = new HashSet<>(templates);
        templateEnd = template(tokens, i + 1, parameterUntil, declaring, templates);
        Set<String> added = new HashSet<>(templates);
        added.removeAll(before);
        scope(added, before, scoped, namespaceStack);
      } else if (type == CudaLexer.TYPEDEF && pendingEnd < 0) {
        pendingEnd = typedefNames(tokens, i + 1, pending, declaring);
      } else if (type == CudaLexer.USING && pendingEnd < 0 && i + 2 < tokens.size()
          && tokens.get(i + 1).getType() == CudaLexer.IDENTIFIER && tokens.get(i + 2).getType() == CudaLexer.ASSIGN) {
        pending.add(tokens.get(i + 1).getText());
        declaring.add(i + 1);
        pendingEnd = end(tokens, i + 3);
      } else if ((type == CudaLexer.STRUCT || type == CudaLexer.CLASS && (i == 0 || tokens.get(i - 1).getType() != CudaLexer.LT
          && tokens.get(i - 1).getType() != CudaLexer.COMMA)) && i + 1 < tokens.size() && tokens.get(i + 1).getType() == CudaLexer.IDENTIFIER) {
        // C++ [class.name]: `struct Pair` makes Pair a type name at once, inside its own body too.
        scope(Set.of(tokens.get(i + 1).getText()), names, scoped, namespaceStack);
        names.add(tokens.get(i + 1).getText());
        structs.add(tokens.get(i + 1).getText());
        declaring.add(i + 1);
      } else if (type == CudaLexer.IDENTIFIER && !declaring.contains(i) && t instanceof WritableToken w) {
        Integer until = parameterUntil.get(t.getText());
        boolean declared = (structs.contains(t.getText()) || scoped.containsKey(t.getText())) && declarator(tokens, i)
            && !(i + 1 < tokens.size() && tokens.get(i + 1).getType() == CudaLexer.COLON_COLON); // void Timer::add(): a member, not a variable Timer
        if (declared) {
          // Hidden from here: in a parameter list or for header, to the end of the body after it.
          hidden.computeIfAbsent(t.getText(), k -> new java.util.ArrayDeque<>()).push(parens > 0 ? braces + 1 : braces);
          if (parens > 0) {
            parameters.add(t.getText());
          }
        }
        boolean qualified = i > 0 && tokens.get(i - 1).getType() == CudaLexer.COLON_COLON;
        String home = scoped.get(t.getText());
        boolean visible = home == null || qualified || usingNames.contains(t.getText()) || usingNamespaces.contains(home)
            || !namespaceStack.isEmpty() && insideOf(namespaceStack, home);
        if ((until != null && i <= until || names.contains(t.getText()) && visible) && !declared
            && (qualified || !hidden.containsKey(t.getText())) && !isMember(tokens, i)) {
          w.setType(CudaLexer.TYPE_NAME);
        } else if (templates.contains(t.getText()) && visible || groups && GROUP_TEMPLATES.contains(t.getText()) && i + 1 < tokens.size()
            && tokens.get(i + 1).getType() == CudaLexer.LT) {
          w.setType(CudaLexer.TEMPLATE_NAME);
        }
      }
    }
  }

  /**
   * Records where each of {@code declared} was declared when that is a namespace: a name first
   * declared there ({@code known} does not hold it yet) is visible only as C++ finds it.
   */
  private static void scope(Set<String> declared, Set<String> known, Map<String, String> scoped, java.util.ArrayDeque<String> stack) {
    if (stack.isEmpty()) {
      declared.forEach(scoped::remove); // declared at file scope (too): visible everywhere
      return;
    }
    String path = String.join("::", (Iterable<String>) () -> stack.descendingIterator());
    for (String name : declared) {
      if (!known.contains(name) || scoped.containsKey(name)) {
        scoped.putIfAbsent(name, path);
      }
    }
  }

  /** Whether the innermost open namespace is {@code home} or inside it (namespace std { namespace chrono { ... } }). */
  private static boolean insideOf(java.util.ArrayDeque<String> stack, String home) {
    String path = String.join("::", (Iterable<String>) () -> stack.descendingIterator());
    return path.equals(home) || path.startsWith(home + "::");
  }

  /** Whether the identifier at {@code i} is a member, after {@code .} or {@code ->}: never a type ({@code threadIdx.x} beside a {@code struct x}). */
  private static boolean isMember(List<Token> tokens, int i) {
    int before = i > 0 ? tokens.get(i - 1).getType() : Token.INVALID_TYPE;
    return before == CudaLexer.DOT || before == CudaLexer.ARROW;
  }

  /**
   * Whether the identifier at {@code i} is the name a declarator declares, right after its type
   * ({@code int item}, {@code struct node *node}), which C++ lets hide a struct of that name.
   */
  private static boolean declarator(List<Token> tokens, int i) {
    int j = i - 1;
    if (j < 0) {
      return false;
    }
    while (j >= 0 && isDeclaratorPart(tokens.get(j).getType())) {
      j--;
    }
    if (j < 0) {
      return false;
    }
    int type = tokens.get(j).getType();
    if (type == CudaLexer.IDENTIFIER && j > 0 && tokens.get(j - 1).getType() == CudaLexer.STRUCT) {
      return true; // struct node *node
    }
    return type == CudaLexer.TYPE_NAME || type == CudaLexer.VECTOR_TYPE || isTypeKeyword(type) || type == CudaLexer.VOID
        || type == CudaLexer.DIM3 || type == CudaLexer.AUTO || type == CudaLexer.SIGNED;
  }

  private static boolean isDeclaratorPart(int type) {
    return type == CudaLexer.STAR || type == CudaLexer.AMP || type == CudaLexer.CONST || type == CudaLexer.VOLATILE
        || type == CudaLexer.RESTRICT;
  }

  /**
   * A template from its '<' at {@code lt}: its type parameters ({@code typename T}, {@code class
   * T}) become types until the end of its declaration, recorded in {@code parameterUntil}; the
   * function it declares (the name before its parameter list) joins {@code templates}. The names'
   * declaring occurrences go to {@code declaring}. Returns the index where the declaration ends.
   */
  private static int template(List<Token> tokens, int lt, Map<String, Integer> parameterUntil, Set<Integer> declaring,
      Set<String> templates) {
    List<String> parameters = new java.util.ArrayList<>();
    int depth = 0;
    int i = lt;
    for (; i < tokens.size(); i++) {
      int type = tokens.get(i).getType();
      if (type == CudaLexer.LT) {
        depth++;
      } else if (type == CudaLexer.GT && --depth == 0) {
        break;
      } else if (type == CudaLexer.SEMI || type == CudaLexer.LBRACE || type == Token.EOF) {
        return i;
      } else if (depth == 1 && (type == CudaLexer.TYPENAME || type == CudaLexer.CLASS) && i + 1 < tokens.size()
          && tokens.get(i + 1).getType() == CudaLexer.IDENTIFIER) {
        parameters.add(tokens.get(i + 1).getText());
        declaring.add(i + 1);
      }
    }
    int end = tokens.size() - 1;
    int parens = 0;
    boolean named = false;
    for (int j = i + 1; j < tokens.size(); j++) {
      int type = tokens.get(j).getType();
      if (type == CudaLexer.LPAREN) {
        if (parens == 0 && !named && tokens.get(j - 1).getType() == CudaLexer.IDENTIFIER
            && !parameters.contains(tokens.get(j - 1).getText())) {
          templates.add(tokens.get(j - 1).getText());
          declaring.add(j - 1);
          named = true;
        }
        parens++;
      } else if (type == CudaLexer.RPAREN) {
        parens = Math.max(0, parens - 1);
      } else if (parens == 0 && type == CudaLexer.SEMI) {
        end = j;
        break;
      } else if (parens == 0 && type == CudaLexer.LBRACE) {
        int braces = 0;
        for (end = j; end < tokens.size() - 1; end++) {
          int b = tokens.get(end).getType();
          if (b == CudaLexer.LBRACE) {
            braces++;
          } else if (b == CudaLexer.RBRACE && --braces == 0) {
            break;
          }
        }
        break;
      }
    }
    for (String p : parameters) {
      parameterUntil.put(p, end);
    }
    return end;
  }

  /**
   * The names a typedef from {@code from} declares (the last identifier of each declarator at the
   * top level: {@code typedef unsigned int uint, *uintp;}), added to {@code into} with their
   * positions to {@code declaring}; returns the index of its ';' (or the end).
   */
  private static int typedefNames(List<Token> tokens, int from, Set<String> into, Set<Integer> declaring) {
    int depth = 0;
    int angles = 0; // inside a template's arguments (typedef ratio<1, 1000> milli;): no declarator ends there
    int last = -1;
    int open = -1;
    for (int i = from; i < tokens.size(); i++) {
      int type = tokens.get(i).getType();
      if (depth == 0 && type == CudaLexer.LPAREN) {
        open = i;
      }
      if (type == CudaLexer.LT && i > from && tokens.get(i - 1).getType() == CudaLexer.IDENTIFIER) {
        angles++;
        continue;
      } else if (angles > 0 && (type == CudaLexer.GT || type == CudaLexer.SHR)) {
        angles = Math.max(0, angles - (type == CudaLexer.SHR ? 2 : 1));
        continue;
      } else if (angles > 0) {
        continue;
      }
      switch (type) {
        case CudaLexer.LPAREN, CudaLexer.LBRACKET, CudaLexer.LBRACE -> depth++;
        case CudaLexer.RPAREN, CudaLexer.RBRACKET, CudaLexer.RBRACE -> depth = Math.max(0, depth - 1);
        default -> {}
      }
      if (depth == 0 && type == CudaLexer.IDENTIFIER) {
        last = i;
      } else if (depth == 1 && type == CudaLexer.IDENTIFIER && open >= 0 && i > open + 1 && stars(tokens, open + 1, i)) {
        last = i; // typedef void (*name)(int): a function pointer's name
      } else if (depth == 0 && (type == CudaLexer.COMMA || type == CudaLexer.SEMI || type == Token.EOF)) {
        if (last >= 0) {
          into.add(tokens.get(last).getText());
          declaring.add(last);
          last = -1;
        }
        if (type != CudaLexer.COMMA) {
          return i;
        }
      }
    }
    return tokens.size() - 1;
  }

  /** Whether the tokens from {@code from} up to {@code to} are all '*' (a function pointer declarator's levels). */
  private static boolean stars(List<Token> tokens, int from, int to) {
    for (int k = from; k < to; k++) {
      if (tokens.get(k).getType() != CudaLexer.STAR) {
        return false;
      }
    }
    return true;
  }

  /** The index of the first ';' at the top level from {@code from} (or the last token). */
  private static int end(List<Token> tokens, int from) {
    int depth = 0;
    for (int i = from; i < tokens.size(); i++) {
      int type = tokens.get(i).getType();
      if (type == CudaLexer.LPAREN || type == CudaLexer.LBRACKET || type == CudaLexer.LBRACE) {
        depth++;
      } else if (type == CudaLexer.RPAREN || type == CudaLexer.RBRACKET || type == CudaLexer.RBRACE) {
        depth = Math.max(0, depth - 1);
      } else if (depth == 0 && type == CudaLexer.SEMI) {
        return i;
      }
    }
    return tokens.size() - 1;
  }
}
