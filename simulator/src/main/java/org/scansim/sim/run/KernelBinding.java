package org.scansim.sim.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/**
 * How the harness's buffers and {@code n} become the arguments of a {@code __global__} function
 * launched directly ({@code run --kernel}), found from the parameters' types and names as a reader
 * would: {@code (const T *in, T *out, int n)}, Harris's {@code (float *g_odata, float *g_idata,
 * int n)}, or an in-place {@code (T *data, int n)}.
 *
 * <ul>
 *   <li>One pointer: the scan is in place; the pointer gets the input and holds the output.
 *   <li>Two pointers to the same arithmetic type: the {@code const} one is the input; else the one
 *       named as an output ({@code out}, {@code odata}, {@code dst}, {@code res}...) is the output
 *       and the other the input; else the one named as an input ({@code in}, {@code idata},
 *       {@code src}) is the input.
 *   <li>One integer: {@code n}; with several, the one named {@code n}, {@code len}, {@code length},
 *       {@code size}, {@code count} or {@code num...}.
 * </ul>
 *
 * Anything else (a third buffer, a float parameter, two integers none of which reads as the length)
 * is refused with the parameter's name: the harness cannot know what to pass.
 *
 * @param kernel the kernel
 * @param elem   the element type
 * @param roles  for each parameter, what it gets
 */
public record KernelBinding(Symbol.Function kernel, Type elem, List<Role> roles) {
  /** What the harness passes for one parameter. */
  public enum Role {
    INPUT,
    OUTPUT,
    IN_PLACE,
    LENGTH
  }

  /** Whether the kernel scans in place (one buffer holds the input and receives the output). */
  public boolean inPlace() {
    return roles.contains(Role.IN_PLACE);
  }

  /** The arguments in parameter order, from the input and output buffers' addresses and n. */
  public long[] arguments(long in, long out, int n) {
    long[] args = new long[roles.size()];
    for (int i = 0; i < args.length; i++) {
      args[i] = switch (roles.get(i)) {
        case INPUT -> in;
        case OUTPUT, IN_PLACE -> out;
        case LENGTH -> n;
      };
    }
    return args;
  }

  /** "in, out, n" in the kernel's own parameter names, for the report. */
  public String describe() {
    List<String> names = paramNames(kernel);
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < roles.size(); i++) {
      parts.add(names.get(i) + " = " + switch (roles.get(i)) {
        case INPUT -> "the input";
        case OUTPUT -> "the output";
        case IN_PLACE -> "the input, scanned in place";
        case LENGTH -> "n";
      });
    }
    return String.join(", ", parts);
  }

  /**
   * The binding of {@code kernel}'s parameters.
   *
   * @throws ScanRun.UsageException saying which parameter the harness cannot fill, and why
   */
  public static KernelBinding of(Symbol.Function kernel) throws ScanRun.UsageException {
    String name = kernel.name();
    if (kernel.space() != Space.GLOBAL) {
      throw new ScanRun.UsageException("'" + name + "' is not a __global__ kernel: --kernel launches kernels; run a host function with --entry");
    }
    List<Type> types = kernel.paramTypes();
    List<String> names = paramNames(kernel);
    List<Integer> pointers = new ArrayList<>();
    List<Integer> integers = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      Type t = types.get(i);
      if (t instanceof Type.Pointer p && p.pointee().isArithmetic()) {
        pointers.add(i);
      } else if (t.isInteger()) {
        integers.add(i);
      } else {
        throw refused(kernel, "its parameter '" + names.get(i) + "' (" + t.spelling().strip() + ") is neither a buffer of numbers nor the length");
      }
    }
    Role[] roles = new Role[types.size()];
    if (pointers.isEmpty() || pointers.size() > 2) {
      throw refused(kernel, pointers.isEmpty() ? "it takes no buffer" : "it takes " + pointers.size()
          + " buffers, and the harness gives an input and an output");
    }
    Type elem = ((Type.Pointer) types.get(pointers.get(0))).pointee();
    if (pointers.size() == 1) {
      roles[pointers.get(0)] = Role.IN_PLACE;
    } else {
      int a = pointers.get(0);
      int b = pointers.get(1);
      Type.Pointer pa = (Type.Pointer) types.get(a);
      Type.Pointer pb = (Type.Pointer) types.get(b);
      if (!pa.pointee().equals(pb.pointee())) {
        throw refused(kernel, "its buffers '" + names.get(a) + "' and '" + names.get(b) + "' hold different types");
      }
      int input = pa.constPointee() != pb.constPointee() ? (pa.constPointee() ? a : b)
          : outputName(names.get(a)) != outputName(names.get(b)) ? (outputName(names.get(a)) ? b : a)
          : inputName(names.get(a)) != inputName(names.get(b)) ? (inputName(names.get(a)) ? a : b)
          : -1;
      if (input < 0) {
        throw refused(kernel, "neither '" + names.get(a) + "' nor '" + names.get(b) + "' reads as the input: make the input const,"
            + " or name the buffers in and out");
      }
      roles[input] = Role.INPUT;
      roles[input == a ? b : a] = Role.OUTPUT;
    }
    if (integers.isEmpty()) {
      throw refused(kernel, "it takes no integer for n");
    }
    List<Integer> lengths = integers.size() == 1 ? integers : integers.stream().filter(i -> lengthName(names.get(i))).toList();
    if (lengths.size() != 1 || integers.size() > 1 && integers.size() - lengths.size() > 0) {
      List<String> ints = integers.stream().map(names::get).toList();
      throw refused(kernel, "it takes the integers " + String.join(", ", ints) + ", and the harness gives only n");
    }
    roles[lengths.get(0)] = Role.LENGTH;
    return new KernelBinding(kernel, elem, List.of(roles));
  }

  /** The parameters' names as the definition writes them ("#2" for an unnamed one). */
  private static List<String> paramNames(Symbol.Function kernel) {
    org.scansim.frontend.ast.Decl.Function d = kernel.definition() != null ? kernel.definition() : kernel.firstDecl();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < d.params().size(); i++) {
      String n = d.params().get(i).name();
      names.add(n == null || n.isEmpty() ? "#" + (i + 1) : n);
    }
    return names;
  }

  private static ScanRun.UsageException refused(Symbol.Function kernel, String why) {
    return new ScanRun.UsageException("the harness cannot launch '" + kernel.name() + "': " + why
        + " (--kernel passes the input and output buffers and n, by parameter type and name)");
  }

  private static boolean outputName(String s) {
    String l = s.toLowerCase(Locale.ROOT);
    return l.contains("out") || l.contains("odata") || l.contains("dst") || l.contains("res") || l.equals("y");
  }

  private static boolean inputName(String s) {
    String l = s.toLowerCase(Locale.ROOT);
    return l.equals("in") || l.startsWith("in_") || l.endsWith("_in") || l.contains("input") || l.contains("idata")
        || l.contains("src") || l.equals("x");
  }

  private static boolean lengthName(String s) {
    String l = s.toLowerCase(Locale.ROOT);
    return l.equals("n") || l.contains("len") || l.contains("size") || l.contains("count") || l.startsWith("num") || l.endsWith("_n");
  }
}
