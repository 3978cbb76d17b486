package org.scansim.frontend.ir;

import java.util.HashSet;
import java.util.Set;
import org.scansim.frontend.diag.Diagnostics;

/**
 * Recursion in device code, refused at compile time: the simulator inlines every device function
 * a kernel calls into the kernel (as nvcc mostly does), so a cycle of calls reachable from a
 * {@code __global__} function has no end there. nvcc accepts it (with a call stack on the card);
 * scansim says so by name where the call is, as an unsupported construct, instead of faulting at
 * every run. Host code's recursion runs (the host interpreter has a call stack).
 */
public final class DeviceRecursion {
  private DeviceRecursion() {}

  /** One error at the call that closes each cycle reachable from a kernel, once per function called. */
  public static void check(IrModule module, Diagnostics diags) {
    Set<String> reported = new HashSet<>();
    Set<String> done = new HashSet<>();
    for (IrFunction f : module.functions()) {
      if (f.isKernel()) {
        visit(module, f, new HashSet<>(), done, reported, diags);
      }
    }
  }

  private static void visit(IrModule module, IrFunction f, Set<String> path, Set<String> done, Set<String> reported, Diagnostics diags) {
    if (done.contains(f.name())) {
      return;
    }
    path.add(f.name());
    for (Block b : f.blocks()) {
      for (Insn i : b.insns()) {
        if (i.op() != Op.CALL || i.callee() == null) {
          continue;
        }
        IrFunction callee = module.function(i.callee());
        if (callee == null) {
          continue;
        }
        if (path.contains(callee.name())) {
          if (reported.add(callee.name())) {
            diags.error(i.span(), "recursive device function '" + callee.name() + "' is not supported: scansim inlines the device"
                + " functions a kernel calls, so a cycle of calls has no end there (write the recursion as a loop)");
          }
        } else {
          visit(module, callee, path, done, reported, diags);
        }
      }
    }
    path.remove(f.name());
    done.add(f.name());
  }
}
