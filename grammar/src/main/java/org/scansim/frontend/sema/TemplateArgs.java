package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.FunctionTemplate;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.diag.Span;

/** A checked type as a template argument: its base type and pointer levels, as written in source. */
final class TemplateArgs {
  private TemplateArgs() {}

  /** {@code t} as a type argument; null for a type no template parameter can stand for (dim3, a string). */
  static FunctionTemplate.Arg of(Type t, Span at) {
    List<PointerLevel> pointers = new ArrayList<>();
    boolean isConst = false;
    Type x = t;
    while (x instanceof Type.Pointer p) {
      pointers.add(0, new PointerLevel(false, false, false));
      isConst = p.constPointee();
      x = p.pointee();
    }
    if (x instanceof Type.Function f && !pointers.isEmpty()) {
      // A function pointer (std::sort(a, a + n, less) with bool less(int, int)): its signature, each type spelled so in turn.
      FunctionTemplate.Arg result = f.result() instanceof Type.Void ? FunctionTemplate.Arg.ofType(new TypeSpec(at, BaseType.VOID, false, false),
          List.of()) : of(f.result(), at);
      if (result == null) {
        return null;
      }
      List<org.scansim.frontend.ast.Param> params = new ArrayList<>();
      for (Type p : f.params()) {
        FunctionTemplate.Arg a = of(p, at);
        if (a == null) {
          return null;
        }
        params.add(new org.scansim.frontend.ast.Param(at, a.spec(), a.pointers(), null, at, List.of(), null, false));
      }
      TypeSpec spec = TypeSpec.function(at, new org.scansim.frontend.ast.Signature(at, result.spec(), result.pointers(), params));
      return FunctionTemplate.Arg.ofType(spec, pointers);
    }
    if (x instanceof Type.Struct s) {
      return FunctionTemplate.Arg.ofType(TypeSpec.of(at, s.def(), !pointers.isEmpty() && isConst, false), pointers);
    }
    if (!(x instanceof Type.Arith a)) {
      return null;
    }
    BaseType base = BaseType.valueOf(a.scalar().name());
    return FunctionTemplate.Arg.ofType(new TypeSpec(at, base, !pointers.isEmpty() && isConst, false), pointers);
  }
}
