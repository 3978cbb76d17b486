package org.scansim.timing;

import java.util.List;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;

/** The functions of a module that run on the device (kernels and device functions): what the timing model reads. */
final class DeviceCode {
  private DeviceCode() {}

  /** {@code module}'s functions that are not host code, in order; none for no module. */
  static List<IrFunction> of(IrModule module) {
    return module == null ? List.of()
        : module.functions().stream().filter(f -> f.space() != org.scansim.frontend.sema.Space.HOST).toList();
  }
}
