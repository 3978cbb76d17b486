package org.scansim.frontend.ir;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.sema.Type;

/**
 * The string literals host code uses as values ({@code __FILE__} passed to an error-check helper,
 * a name printed with {@code %s}): each distinct text once, as a module variable of host memory
 * holding its UTF-8 bytes and a NUL (C11 §6.4.5p6), named {@code .strN}, which no C name can be.
 * Device code keeps a string as a value that is only tested.
 */
final class StringTable {
  private final Map<String, String> names = new HashMap<>();
  private final List<MemoryVar> vars = new ArrayList<>();

  /** Where {@code text} lives: a module variable made on its first use. */
  Storage.InMemory intern(String text, Span span) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    String name = names.computeIfAbsent(text, k -> {
      String n = ".str" + vars.size();
      long[] init = new long[bytes.length + 1];
      for (int i = 0; i < bytes.length; i++) {
        init[i] = bytes[i];
      }
      vars.add(new MemoryVar(n, MemSpace.HOST, IrType.I8, bytes.length + 1, init, span));
      return n;
    });
    return new Storage.InMemory(name, MemSpace.HOST, new Type.Array(Type.CHAR, bytes.length + 1, true, false));
  }

  /** The variables, in the order of first use. */
  List<MemoryVar> vars() {
    return vars;
  }
}
