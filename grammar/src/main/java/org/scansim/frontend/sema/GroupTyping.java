package org.scansim.frontend.sema;

import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Expr;

/**
 * Checks the cooperative-groups calls of the subset and gives their types: {@code
 * this_thread_block()}, {@code tiled_partition<N>(g)}, {@code sync(g)}, {@code reduce(tile, v,
 * op)}, and the member functions of a block ({@code sync}, {@code thread_rank}, {@code size},
 * {@code num_threads}) and of a tile (those, {@code meta_group_rank}, {@code meta_group_size},
 * the shuffles {@code shfl}, {@code shfl_up}, {@code shfl_down}, {@code shfl_xor}, and the votes
 * {@code any}, {@code all}, {@code ballot}), and the group scans {@code inclusive_scan} and
 * {@code exclusive_scan}. A member function call on anything but a group is refused as a class's.
 * Not modelled: grid and coalesced groups, and tiles whose size is known only at run time.
 */
final class GroupTyping {
  private static final String PREFIX = "cooperative_groups::";
  private static final Map<String, GroupCall.Kind> METHODS = Map.ofEntries(
      Map.entry("sync", GroupCall.Kind.SYNC),
      Map.entry("thread_rank", GroupCall.Kind.THREAD_RANK),
      Map.entry("size", GroupCall.Kind.SIZE),
      Map.entry("num_threads", GroupCall.Kind.SIZE),
      Map.entry("meta_group_rank", GroupCall.Kind.META_GROUP_RANK),
      Map.entry("meta_group_size", GroupCall.Kind.META_GROUP_SIZE),
      Map.entry("shfl", GroupCall.Kind.SHFL),
      Map.entry("shfl_up", GroupCall.Kind.SHFL_UP),
      Map.entry("shfl_down", GroupCall.Kind.SHFL_DOWN),
      Map.entry("shfl_xor", GroupCall.Kind.SHFL_XOR),
      Map.entry("any", GroupCall.Kind.ANY),
      Map.entry("all", GroupCall.Kind.ALL),
      Map.entry("ballot", GroupCall.Kind.BALLOT));
  private static final List<String> OPERATORS = List.of("plus", "less", "greater", "bit_and", "bit_or", "bit_xor");

  private final Context cx;
  private final ExprChecker exprs;

  GroupTyping(Context cx, ExprChecker exprs) {
    this.cx = cx;
    this.exprs = exprs;
  }

  /** Whether a call is one this class checks: a member function call, or a cooperative_groups:: function. */
  static boolean handles(Expr.Call e) {
    return e.callee().startsWith(".") || e.callee().startsWith(PREFIX);
  }

  Type type(Expr.Call e) {
    if (cx.space != Space.DEVICE && cx.space != Space.GLOBAL && e.callee().startsWith(PREFIX)) {
      e.args().forEach(a -> {
        if (!(a instanceof Expr.Call c && c.callee().startsWith(PREFIX))) {
          exprs.checkValue(a);
        }
      });
      cx.error(e.calleeSpan(), "cooperative groups are device code: '" + e.callee() + "' cannot be called from a " + cx.space.spelling()
          + " function");
      return Type.ERR;
    }
    return e.callee().startsWith(".") ? method(e) : function(e);
  }

  private Type method(Expr.Call e) {
    String name = e.callee().substring(1);
    List<Expr> args = e.args();
    Type receiver = exprs.check(args.get(0));
    if (receiver instanceof Type.Struct st) {
      return exprs.methodCall(e, st, args.get(0), args.subList(1, args.size()), name);
    }
    if (!(receiver instanceof Type.Group g)) {
      args.subList(1, args.size()).forEach(exprs::checkValue);
      if (receiver instanceof Type.Arith || receiver instanceof Type.Pointer || receiver instanceof Type.Dim3) {
        cx.error(e.calleeSpan(), "member reference base type '" + receiver.spelling() + "' is not a structure or union: it has no member"
            + " function '" + name + "'");
      } else if (!(receiver instanceof Type.Err)) {
        cx.error(e.calleeSpan(), "'" + receiver.spelling() + "' has no member function '" + name + "'");
      }
      return Type.ERR;
    }
    GroupCall.Kind kind = METHODS.get(name);
    List<Expr> rest = args.subList(1, args.size());
    boolean tileOnly = kind != null && kind.ordinal() >= GroupCall.Kind.META_GROUP_RANK.ordinal();
    if (kind == null || tileOnly && g.threads() == 0) {
      rest.forEach(exprs::checkValue);
      cx.error(e.calleeSpan(), "'" + name + "' is not a member function of " + g.spelling() + " that the subset has ("
          + (g.threads() == 0 ? "sync, thread_rank, size, num_threads" : "sync, thread_rank, size, num_threads, meta_group_rank,"
              + " meta_group_size, shfl, shfl_up, shfl_down, shfl_xor, any, all, ballot") + ")");
      return Type.ERR;
    }
    cx.sema.callees.put(e, new GroupCall(kind, g.threads(), null));
    return switch (kind) {
      case SYNC -> arity(e, rest, 0, Type.VOID);
      case THREAD_RANK, SIZE, META_GROUP_RANK, META_GROUP_SIZE -> arity(e, rest, 0, Type.UINT);
      case ANY, ALL, BALLOT -> {
        if (arity(e, rest, 1, Type.VOID) instanceof Type.Err) {
          yield Type.ERR;
        }
        exprs.checkCondition(rest.get(0));
        yield kind == GroupCall.Kind.BALLOT ? Type.UINT : Type.INT;
      }
      default -> shuffle(e, rest, name);
    };
  }

  private Type arity(Expr.Call e, List<Expr> rest, int n, Type result) {
    if (rest.size() != n) {
      rest.forEach(exprs::checkValue);
      cx.error(e.span(), "'" + e.callee().substring(1) + "' takes " + n + " argument" + (n == 1 ? "" : "s") + ", not " + rest.size());
      return Type.ERR;
    }
    return result;
  }

  /** tile.shfl_up(value, delta) and the like: the value's promoted type, as __shfl_up_sync gives. */
  private Type shuffle(Expr.Call e, List<Expr> rest, String name) {
    if (rest.size() != 2) {
      rest.forEach(exprs::checkValue);
      cx.error(e.span(), "'" + name + "' takes (value, " + (name.equals("shfl") ? "source rank" : name.equals("shfl_xor") ? "lane mask" : "delta")
          + "), not " + rest.size() + " arguments");
      return Type.ERR;
    }
    Type v = exprs.checkValue(rest.get(0));
    Type lane = exprs.checkValue(rest.get(1));
    if (!(lane instanceof Type.Err) && !lane.isInteger()) {
      cx.error(rest.get(1).span(), "the lane argument must be an integer, not '" + lane.spelling() + "'");
    }
    if (v instanceof Type.Err) {
      return v;
    }
    if (!(v instanceof Type.Arith a)) {
      cx.error(rest.get(0).span(), "cannot shuffle a value of type '" + v.spelling() + "'");
      return Type.ERR;
    }
    Type r = Type.arith(Conversions.promote(a.scalar()));
    cx.sema.operationTypes.put(e, r);
    return r;
  }

  private Type function(Expr.Call e) {
    String name = e.callee().substring(PREFIX.length());
    List<Expr> args = e.args();
    if (name.equals("this_thread_block")) {
      cx.sema.callees.put(e, new GroupCall(GroupCall.Kind.MAKE, 0, null));
      return arityFree(e, 0) ? new Type.Group(0) : Type.ERR;
    }
    if (name.startsWith("tiled_partition<")) {
      String written = name.substring("tiled_partition<".length(), name.length() - 1);
      int n = written.matches("\\d{1,2}") ? Integer.parseInt(written) : -1;
      if (!arityFree(e, 1)) {
        return Type.ERR;
      }
      Type g = exprs.check(args.get(0));
      if (g instanceof Type.Err) {
        return g;
      }
      if (n < 1 || org.scansim.frontend.ast.BaseType.tile(n) == null || !(g instanceof Type.Group parent)) {
        cx.error(e.span(), "tiled_partition<" + written + "> needs a size that is a power of two from 1 to 32, and a thread block,"
            + " not '" + g.spelling() + "'");
        return Type.ERR;
      }
      if (parent.threads() != 0) {
        // Its meta_group_rank would count tiles of the parent tile, which a group's type alone does not say.
        cx.error(e.span(), "partitioning a tile (" + g.spelling() + ") is not supported: partition the thread block");
        return Type.ERR;
      }
      cx.sema.callees.put(e, new GroupCall(GroupCall.Kind.MAKE, n, null));
      return new Type.Group(n);
    }
    if (name.equals("sync")) {
      if (!arityFree(e, 1)) {
        return Type.ERR;
      }
      Type g = exprs.check(args.get(0));
      if (!(g instanceof Type.Group group)) {
        if (!(g instanceof Type.Err)) {
          cx.error(args.get(0).span(), "cooperative_groups::sync takes a group, not '" + g.spelling() + "'");
        }
        return Type.ERR;
      }
      cx.sema.callees.put(e, new GroupCall(GroupCall.Kind.SYNC, group.threads(), null));
      return Type.VOID;
    }
    if (name.equals("reduce") || name.equals("inclusive_scan") || name.equals("exclusive_scan")) {
      return reduce(e, name);
    }
    args.forEach(a -> {
      if (!(a instanceof Expr.Call c && c.callee().startsWith(PREFIX))) {
        exprs.checkValue(a);
      }
    });
    String shortName = name.contains("<") ? name.substring(0, name.indexOf('<')) : name;
    cx.error(e.calleeSpan(), switch (shortName) {
      case "this_grid", "coalesced_threads" -> "cooperative_groups::" + shortName + " is not supported (thread_block and "
          + "thread_block_tile<N> are)";
      case "tiled_partition" -> "tiled_partition(g, n) with a size known only at run time is not supported: write tiled_partition<N>(g)";
      default -> OPERATORS.contains(shortName) ? "cooperative_groups::" + shortName + " is supported only as the operator of "
          + "cooperative_groups::reduce" : "use of undeclared function '" + e.callee() + "'";
    });
    return Type.ERR;
  }

  /**
   * reduce(tile, value, cooperative_groups::plus<T>()), inclusive_scan(tile, value[, op]) and
   * exclusive_scan(tile, value[, op]) (cooperative_groups/reduce.h, scan.h): the value's type,
   * combined over the tile; the scans' operator is plus when not written.
   */
  private Type reduce(Expr.Call e, String name) {
    List<Expr> args = e.args();
    boolean scan = !name.equals("reduce");
    if (!(scan && args.size() == 2) && !arityFree(e, 3)) {
      return Type.ERR;
    }
    Type g = exprs.check(args.get(0));
    Type v = exprs.checkValue(args.get(1));
    String op = args.size() < 3 ? "plus"
        : args.get(2) instanceof Expr.Call c && c.callee().startsWith(PREFIX) && c.args().isEmpty() && c.callee().contains("<")
        ? c.callee().substring(PREFIX.length(), c.callee().indexOf('<')) : null;
    if (g instanceof Type.Err || v instanceof Type.Err) {
      return Type.ERR;
    }
    if (!(g instanceof Type.Group tile) || tile.threads() == 0) {
      cx.error(args.get(0).span(), "cooperative_groups::" + name + " takes a tile (thread_block_tile<N>), not '" + g.spelling() + "'");
      return Type.ERR;
    }
    if (op == null || !OPERATORS.contains(op)) {
      cx.error(args.get(2).span(), "the operator of cooperative_groups::" + name + " must be one of cooperative_groups::plus<T>(), "
          + "less<T>(), greater<T>(), bit_and<T>(), bit_or<T>(), bit_xor<T>()");
      return Type.ERR;
    }
    if (!(v instanceof Type.Arith a) || op.startsWith("bit_") && !v.isInteger()) {
      cx.error(args.get(1).span(), "cannot reduce a value of type '" + v.spelling() + "' with " + op);
      return Type.ERR;
    }
    Type r = Type.arith(Conversions.promote(a.scalar()));
    cx.sema.operationTypes.put(e, r);
    GroupCall.Kind kind = name.equals("reduce") ? GroupCall.Kind.REDUCE
        : name.equals("inclusive_scan") ? GroupCall.Kind.INCLUSIVE_SCAN : GroupCall.Kind.EXCLUSIVE_SCAN;
    cx.sema.callees.put(e, new GroupCall(kind, tile.threads(), op));
    return r;
  }

  private boolean arityFree(Expr.Call e, int n) {
    if (e.args().size() != n) {
      e.args().forEach(exprs::checkValue);
      cx.error(e.span(), "'" + e.callee() + "' takes " + n + " argument" + (n == 1 ? "" : "s") + ", not " + e.args().size());
      return false;
    }
    return true;
  }
}
