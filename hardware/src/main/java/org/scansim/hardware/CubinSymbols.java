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

  /**
   * The start of the Itanium-mangled name of a function template's instance, as a regular
   * expression: {@code scan<256, float>} is {@code _Z4scanILi256EfE} (the value's own type,
   * {@code i} or {@code j}, is not in the instance's name, so any is matched), and a namespace's
   * instance {@code _ZN2ns4scanILi256EfEE}.
   */
  static String templatePattern(String name) {
    int lt = name.indexOf('<');
    String base = name.substring(0, lt);
    String[] args = name.substring(lt + 1, name.length() - 1).split(", ");
    StringBuilder encoded = new StringBuilder("I");
    for (String a : args) {
      if (a.matches("-?\\d+")) {
        encoded.append("L[a-z]").append(a.startsWith("-") ? "n" + a.substring(1) : a).append('E');
      } else {
        encoded.append(java.util.regex.Pattern.quote(typeCode(a)));
      }
    }
    encoded.append('E');
    StringBuilder out = new StringBuilder("_Z");
    String[] parts = base.split("::");
    if (parts.length > 1) {
      out.append('N');
    }
    for (String part : parts) {
      out.append(part.length()).append(java.util.regex.Pattern.quote(part));
    }
    out.append(encoded);
    if (parts.length > 1) {
      out.append('E');
    }
    return out.toString();
  }

  /** The Itanium ABI's code of a type as a template argument spells it: {@code const float *} is {@code PKf}. */
  private static String typeCode(String type) {
    String t = type.strip();
    int stars = 0;
    while (t.endsWith("*")) {
      stars++;
      t = t.substring(0, t.length() - 1).strip();
    }
    boolean isConst = t.startsWith("const ");
    if (isConst) {
      t = t.substring("const ".length());
    }
    String code = switch (t) {
      case "void" -> "v";
      case "bool" -> "b";
      case "char" -> "c";
      case "signed char" -> "a";
      case "unsigned char" -> "h";
      case "short" -> "s";
      case "unsigned short" -> "t";
      case "int" -> "i";
      case "unsigned int" -> "j";
      case "long" -> "l";
      case "unsigned long" -> "m";
      case "long long" -> "x";
      case "unsigned long long" -> "y";
      case "float" -> "f";
      case "double" -> "d";
      default -> t;
    };
    return "P".repeat(stars) + (isConst && stars > 0 ? "K" : "") + code;
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
    if (name.endsWith(")")) {
      // An overload, named by its signature (k(float *, int)): the first kernel of its name.
      name = name.substring(0, name.indexOf('('));
    }
    if (name.contains("<")) {
      java.util.regex.Pattern p = java.util.regex.Pattern.compile(templatePattern(name));
      return symbols.stream().filter(sym -> p.matcher(sym).lookingAt()).findFirst().orElse(null);
    }
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
