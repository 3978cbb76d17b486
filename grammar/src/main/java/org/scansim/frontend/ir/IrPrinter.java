package org.scansim.frontend.ir;

import java.util.List;
import java.util.StringJoiner;
import org.scansim.frontend.diag.Span;

/**
 * Prints IR readably, one instruction per line with the source position it came from:
 *
 * <pre>
 *   %12 = ld.shared.f32 [%11]                     ; 24:13
 * </pre>
 *
 * The output is deterministic and is what the golden IR tests compare.
 */
public final class IrPrinter {
  private static final int COMMENT_COLUMN = 52;

  private IrPrinter() {}

  public static String print(IrModule module) {
    StringBuilder out = new StringBuilder();
    for (MemoryVar g : module.globals()) {
      out.append(memory(g)).append('\n');
    }
    if (!module.globals().isEmpty()) {
      out.append('\n');
    }
    boolean first = true;
    for (IrFunction f : module.functions()) {
      if (!first) {
        out.append('\n');
      }
      first = false;
      print(f, out);
    }
    return out.toString();
  }

  public static void print(IrFunction f, StringBuilder out) {
    StringJoiner params = new StringJoiner(", ");
    for (Reg p : f.params()) {
      params.add(p + ": " + p.type().spelling());
    }
    String kind = switch (f.space()) {
      case GLOBAL -> "kernel";
      case DEVICE -> "device";
      case HOST -> "host";
      case HOST_DEVICE -> "host device";
    };
    out.append(kind).append(" @").append(f.name()).append('(').append(params).append(')');
    if (f.returnType() != null) {
      out.append(" -> ").append(f.returnType().spelling());
    }
    out.append("    ; ").append(f.span().position()).append('\n');
    for (MemoryVar m : f.memory()) {
      out.append("  ").append(memory(m)).append('\n');
    }
    for (Block b : f.blocks()) {
      out.append(b.label()).append(":\n");
      for (Insn i : b.insns()) {
        String text = "  " + insn(i);
        out.append(text);
        out.append(" ".repeat(Math.max(1, COMMENT_COLUMN - text.length())));
        out.append("; ").append(where(i.span())).append('\n');
      }
    }
  }

  static String memory(MemoryVar m) {
    StringBuilder s = new StringBuilder();
    s.append(m.space().spelling()).append(' ').append('@').append(m.name()).append(": ").append(m.elemType().spelling());
    if (m.isDynamic()) {
      s.append("[] dynamic");
    } else if (m.count() != 1) {
      s.append('[').append(m.count()).append(']');
    }
    if (m.init() != null) {
      s.append(" init ").append(m.init().length).append(" value(s)");
    }
    return s.toString();
  }

  private static String where(Span s) {
    if (s == null) {
      return "?";
    }
    String at = s.line() + ":" + s.col();
    if (s.macro() != null) {
      at += " (macro " + s.macro().macroName() + ")";
    }
    return at;
  }

  static String insn(Insn i) {
    String d = i.dst() == null ? "" : i.dst() + " = ";
    String t = i.type() == null ? "" : i.type().spelling();
    List<Operand> a = i.args();
    return switch (i.op()) {
      case MOV, ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, NEG, NOT, MIN, MAX, ABS, POPC, CLZ, FFS ->
          d + i.op().name().toLowerCase(java.util.Locale.ROOT) + "." + t + " " + join(a);
      case SETP -> d + "setp." + i.cmp().name().toLowerCase(java.util.Locale.ROOT) + "." + t + " " + join(a);
      case CVT -> d + "cvt." + t + "." + a.get(0).type().spelling() + " " + join(a);
      case ADDR -> d + "addr." + i.space().spelling() + " @" + i.symbol();
      case PTR_ADD -> d + "ptradd " + join(a) + ", " + i.imm();
      case PTR_DIFF -> d + "ptrdiff " + join(a) + ", " + i.imm();
      case LD -> d + "ld." + i.space().spelling() + (i.isVolatile() ? ".volatile" : "") + vector(i) + "." + t + " [" + a.get(0) + "]";
      case ST -> "st." + i.space().spelling() + (i.isVolatile() ? ".volatile" : "") + vector(i) + "." + t + " [" + a.get(0) + "], " + a.get(1);
      case SREG -> d + "sreg %" + i.sreg().spelling();
      case BAR -> "bar.sync";
      case BAR_WARP -> "bar.warp " + join(a);
      case FENCE -> "fence." + i.fence().name().toLowerCase(java.util.Locale.ROOT);
      case ATOM -> d + "atom." + i.atomic().name().toLowerCase(java.util.Locale.ROOT) + "." + t + " [" + a.get(0) + "], "
          + join(a.subList(1, a.size()));
      case SHFL -> d + "shfl." + i.shuffle().name().toLowerCase(java.util.Locale.ROOT) + "." + t + " " + join(a);
      case VOTE -> d + "vote." + i.vote().name().toLowerCase(java.util.Locale.ROOT) + " " + join(a);
      case ACTIVEMASK -> d + "activemask";
      case CALL -> d + "call @" + i.callee() + "(" + join(a) + ")";
      case LAUNCH -> i.callee() == null ? "launch through " + a.get(7) + "<<<(" + join(a.subList(0, 3)) + "), (" + join(a.subList(3, 6))
          + "), " + a.get(6) + ">>>(" + join(a.subList(8, a.size())) + ")"
          : "launch @" + i.callee() + "<<<(" + join(a.subList(0, 3)) + "), (" + join(a.subList(3, 6)) + "), "
          + a.get(6) + ">>>(" + join(a.subList(7, a.size())) + ")";
      case CUDA -> d + "cuda." + (i.cuda() == Enums.CudaCall.LIBRARY ? i.callee() : i.cuda().name().toLowerCase(java.util.Locale.ROOT))
          + (i.cuda() == Enums.CudaCall.FUNCTION_ADDRESS ? " @" + i.callee() : "") + (a.isEmpty() ? "" : " " + join(a));
      case PRINTF -> d + printf(i, a);
      case ASSERT -> "assert " + join(a) + " " + quote(i.text());
      case BR -> "br " + i.target().label();
      case CBR -> "cbr " + a.get(0) + ", " + i.target().label() + ", " + i.elseTarget().label()
          + " ; reconverge " + (i.reconverge() == null ? "exit" : i.reconverge().label());
      case RET -> a.isEmpty() ? "ret" : "ret." + t + " " + join(a);
    };
  }

  private static String join(List<Operand> ops) {
    StringJoiner j = new StringJoiner(", ");
    for (Operand o : ops) {
      j.add(String.valueOf(o));
    }
    return j.toString();
  }

  private static String quote(String s) {
    StringBuilder q = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\n' -> q.append("\\n");
        case '\t' -> q.append("\\t");
        case '"' -> q.append("\\\"");
        case '\\' -> q.append("\\\\");
        default -> q.append(c < 0x20 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
      }
    }
    return q.append('"').toString();
  }

  /** {@code .v4} on the first access of a vector of four (PTX's spelling), nothing on a plain one. */
  private static String vector(Insn i) {
    return i.vector() > 1 ? ".v" + i.vector() : "";
  }

  private static String printf(Insn i, List<Operand> a) {
    int lead = i.printfLeading();
    String to = switch (i.printfSink()) {
      case Insn.PRINTF_STREAM -> " to stream " + a.get(0) + ":";
      case Insn.PRINTF_BUFFER -> " to buffer " + a.get(0) + ":";
      case Insn.PRINTF_BOUNDED -> " to buffer " + a.get(0) + " of " + a.get(1) + ":";
      default -> "";
    };
    List<Operand> rest = a.subList(lead, a.size());
    return i.printfDynamic() ? "printf" + to + " (format " + rest.get(0) + ")" + (rest.size() == 1 ? "" : ", " + join(rest.subList(1, rest.size())))
        : "printf" + to + " " + quote(i.text()) + (rest.isEmpty() ? "" : ", " + join(rest));
  }
}
