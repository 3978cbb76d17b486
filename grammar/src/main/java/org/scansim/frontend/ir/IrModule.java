package org.scansim.frontend.ir;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A lowered translation unit: file-scope memory variables and functions in source order. */
public final class IrModule {
  private final List<MemoryVar> globals;
  private final Map<String, IrFunction> functions = new LinkedHashMap<>();

  public IrModule(List<MemoryVar> globals, List<IrFunction> functions) {
    this.globals = List.copyOf(globals);
    int id = 0;
    for (IrFunction f : functions) {
      this.functions.put(f.name(), f);
      for (Block b : f.blocks()) {
        for (Insn in : b.insns()) {
          in.number(id++);
        }
      }
    }
  }

  public List<MemoryVar> globals() {
    return globals;
  }

  public List<IrFunction> functions() {
    return List.copyOf(functions.values());
  }

  public IrFunction function(String name) {
    return functions.get(name);
  }
}
