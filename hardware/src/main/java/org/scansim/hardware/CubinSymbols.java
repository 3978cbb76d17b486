package org.scansim.hardware;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The function symbols of a cubin (an ELF64 file nvcc writes with {@code -cubin}), and a kernel's
 * symbol among them: a kernel of a {@code .cu} file is a C++ function, so its symbol is its
 * Itanium-mangled name ({@code _Z7prescanPfPKfi} for {@code prescan(float *, const float *,
 * int)}), unless it is declared {@code extern "C"}. scansim's subset has no overloading and no
 * namespaces, so the name's prefix {@code _Z} + length + name finds the one symbol.
 */
final class CubinSymbols {
  private static final int SHT_SYMTAB = 2;
  private static final int STT_FUNC = 2;

  private CubinSymbols() {}

  /** The names of the function symbols of {@code elf}, in the symbol table's order. */
  static List<String> functions(byte[] elf) {
    ByteBuffer b = ByteBuffer.wrap(elf).order(ByteOrder.LITTLE_ENDIAN);
    if (elf.length < 64 || b.getInt(0) != 0x464C457F || elf[4] != 2 || elf[5] != 1) {
      throw new IllegalArgumentException("not a little-endian ELF64 file");
    }
    long shoff = b.getLong(0x28);
    int shentsize = Short.toUnsignedInt(b.getShort(0x3A));
    int shnum = Short.toUnsignedInt(b.getShort(0x3C));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < shnum; i++) {
      int sh = (int) (shoff + (long) i * shentsize);
      if (b.getInt(sh + 4) != SHT_SYMTAB) {
        continue;
      }
      long offset = b.getLong(sh + 0x18);
      long size = b.getLong(sh + 0x20);
      int link = b.getInt(sh + 0x28);
      long entsize = b.getLong(sh + 0x38);
      int strtab = (int) b.getLong((int) (shoff + (long) link * shentsize) + 0x18);
      for (long s = offset; s + entsize <= offset + size; s += entsize) {
        int name = b.getInt((int) s);
        int info = elf[(int) s + 4];
        if ((info & 0xF) == STT_FUNC && name != 0) {
          out.add(string(elf, strtab + name));
        }
      }
    }
    return out;
  }

  private static String string(byte[] elf, int at) {
    int end = at;
    while (elf[end] != 0) {
      end++;
    }
    return new String(elf, at, end - at, StandardCharsets.US_ASCII);
  }

  /** The symbol of the function {@code name} among {@code symbols}, or null when there is none. */
  static String symbolOf(List<String> symbols, String name) {
    if (name.contains("::")) {
      // A function of a namespace: _ZN 7scanlib 14inclusive_scan E, then the parameter types.
      StringBuilder nested = new StringBuilder("_ZN");
      for (String part : name.split("::")) {
        nested.append(part.length()).append(part);
      }
      String mangled = nested.append('E').toString();
      return symbols.stream().filter(s -> s.startsWith(mangled)).findFirst().orElse(null);
    }
    // "_Z": an external function; "_ZL": a static one (internal linkage).
    for (String prefix : new String[] {"_Z", "_ZL"}) {
      String mangled = prefix + name.length() + name;
      for (String s : symbols) {
        if (s.equals(name) || s.startsWith(mangled) && (s.length() == mangled.length() || !Character.isDigit(s.charAt(mangled.length())))) {
          return s;
        }
      }
    }
    return null;
  }
}
