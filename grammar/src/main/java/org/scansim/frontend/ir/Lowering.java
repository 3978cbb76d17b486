package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.sema.Conversions;
import org.scansim.frontend.sema.InitValue;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/**
 * Lowers a type-checked translation unit to IR: file-scope variables become module memory
 * variables, each function definition an {@link IrFunction}. Runs only on error-free input.
 */
public final class Lowering {
  private Lowering() {}

  public static IrModule lower(TranslationUnit unit, Sema sema) {
    Map<Symbol.Variable, Storage> globals = new IdentityHashMap<>();
    List<MemoryVar> memory = new ArrayList<>();
    List<IrFunction> functions = new ArrayList<>();
    StringTable strings = new StringTable();
    java.util.Set<Decl.Function> lowered = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    // A host function's static locals are module variables of their own names, initialised once, as file-scope ones are.
    sema.staticLocals().forEach(entry -> {
      org.scansim.frontend.ast.VarDecl v = entry.getKey();
      String name = entry.getValue();
      Symbol.Variable sym = sema.variableOf(v);
      memory.add(hostVariable(name, MemSpace.HOST, sym.type(), v, sema, strings));
      globals.put(sym, new Storage.InMemory(name, MemSpace.HOST, sym.type()));
    });
    for (Decl d : unit.decls()) {
      if (d instanceof Decl.Variables vars) {
        for (VarDecl v : vars.vars()) {
          Symbol.Variable sym = sema.variableOf(v);
          if (sym == null) {
            continue;
          }
          MemSpace space = switch (sym.kind()) {
            case SHARED, DYNAMIC_SHARED -> MemSpace.SHARED;
            case DEVICE_GLOBAL -> MemSpace.GLOBAL;
            case CONSTANT -> MemSpace.CONSTANT;
            default -> MemSpace.HOST;
          };
          memory.add(hostVariable(sym.name(), space, sym.type(), v, sema, strings));
          globals.put(sym, new Storage.InMemory(sym.name(), space, sym.type()));
        }
      } else if (d instanceof Decl.Function f && f.body() != null && lowered.add(f)) {
        functions.add(new StmtLowering(sema, globals, strings, f).lower());
      }
    }
    // The template instances the checker deduced; those also written explicitly are lowered once.
    for (Decl.Function f : sema.instances()) {
      if (f.body() != null && lowered.add(f)) {
        functions.add(new StmtLowering(sema, globals, strings, f).lower());
      }
    }
    memory.addAll(strings.vars());
    return new IrModule(memory, functions);
  }

  /** A variable of static storage: its initial values, or for a host {@code const char *name = "text"} the literal's address. */
  private static MemoryVar hostVariable(String name, MemSpace space, Type type, VarDecl v, Sema sema, StringTable strings) {
    if (space == MemSpace.HOST && type instanceof Type.Pointer && v.init() instanceof Initializer.Single single
        && single.value() instanceof Expr.StringLit text) {
      String literal = strings.intern(text.value(), text.span()).name(); // the interpreter places its address
      return new MemoryVar(name, space, IrType.PTR, 1, null, v.nameSpan(), null, literal);
    }
    return memoryVar(name, space, type, staticInit(v, type, sema), v.nameSpan());
  }

  static MemoryVar memoryVar(String name, MemSpace space, Type type, long[] init, org.scansim.frontend.diag.Span span) {
    if (Type.innermost(type) instanceof Type.Struct) {
      // Fields of several types: the variable is its bytes (a struct's initial values are bytes too).
      return new MemoryVar(name, space, IrType.U8, type instanceof Type.Array a && a.length() < 0 ? -1 : type.size(), init, span, type);
    }
    Type elem = type;
    long count = 1;
    while (elem instanceof Type.Array a) {
      if (a.length() < 0) {
        count = -1;
      } else if (count >= 0) {
        count *= a.length();
      }
      elem = a.element();
    }
    return new MemoryVar(name, space, IrType.of(elem), count, init, span);
  }

  /**
   * Initial values of a file-scope variable, densely up to the last initialised element (the type
   * checker bounds it): constants only (C11 §6.7.9p4), each placed at its element as C's
   * brace rules say. Null when there is no initialiser (static storage starts as zeros).
   */
  static long[] staticInit(VarDecl v, Type type, Sema sema) {
    Initializer init = v.init();
    if (init == null) {
      return null;
    }
    Type elem = Type.innermost(type);
    List<InitValue> placed = sema.initializerOf(v);
    if (elem instanceof Type.Struct) {
      return placed == null ? null : structBytes(placed, sema);
    }
    IrType t = IrType.of(elem);
    if (placed == null) {
      Expr value = init instanceof Initializer.Single s ? s.value() : ((Initializer.Constructor) init).args().get(0);
      placed = List.of(new InitValue(0, 0, elem, value));
    }
    long highest = placed.stream().mapToLong(InitValue::index).max().orElse(-1);
    long[] out = new long[(int) (highest + 1)];
    for (InitValue p : placed) {
      out[(int) p.index()] = constantBits(p.value(), sema, t);
    }
    return out;
  }

  /**
   * The initial bytes of a file-scope struct (or array of structs), one per element of the U8
   * variable: each value's bits, little-endian as the GPU stores them, at its field's offset.
   */
  private static long[] structBytes(List<InitValue> placed, Sema sema) {
    long end = 0;
    for (InitValue p : placed) {
      end = Math.max(end, p.offset() + p.type().size());
    }
    long[] out = new long[(int) end];
    for (InitValue p : placed) {
      if (!(p.type() instanceof Type.Arith || p.type() instanceof Type.Pointer)) {
        continue; // a struct value is no constant: the checker refused it
      }
      IrType t = IrType.of(p.type());
      long bits = constantBits(p.value(), sema, t);
      if (t == IrType.F32) {
        bits = Float.floatToRawIntBits((float) Double.longBitsToDouble(bits)) & 0xFFFF_FFFFL;
      }
      for (int k = 0; k < Math.max(1, t.size()); k++) {
        out[(int) (p.offset() + k)] = (bits >>> (8 * k)) & 0xFF;
      }
    }
    return out;
  }

  /**
   * The bits of a constant initial value converted to the element type {@code t} as an assignment
   * converts (C11 §6.5.16.1p2, §6.3): integers wrapped to t's width ({@code unsigned char} 300 is
   * 44), floating values rounded to t, bool 0 or 1, so that they are normalised as {@link Imm}
   * bits are. A value the lowering cannot evaluate is 0.
   */
  private static long constantBits(Expr e, Sema sema, IrType t) {
    Long c = sema.constantOf(e);
    Double f = c == null ? sema.floatConstantOf(e) : null;
    if (c == null && f == null || t == IrType.PTR) {
      return 0;
    }
    if (t == IrType.PRED) {
      return (c != null ? c != 0 : f != 0) ? 1 : 0;
    }
    if (t.isFloat()) {
      boolean u64 = sema.typeOf(e) instanceof Type.Arith a && IrType.of(a.scalar()) == IrType.U64;
      double d = c == null ? f : u64 ? Conversions.unsignedToDouble(c) : (double) c;
      return Imm.ofDouble(t, d).bits();
    }
    long v = c != null ? c : (long) (double) f;
    return switch (t) {
      case I8 -> (byte) v;
      case U8 -> v & 0xFF;
      case I16 -> (short) v;
      case U16 -> v & 0xFFFF;
      case I32 -> (int) v;
      case U32 -> v & 0xFFFF_FFFFL;
      default -> v;
    };
  }

}
