package org.scansim.sim.sched;

import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.result.Counters;
import org.scansim.sim.engine.LaunchContext;
import org.scansim.sim.result.LaunchRecord;
import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ir.Op;

/** A launch's report rows by source site: loads, stores, atomics, barriers and branches, with the array each access goes through. */
final class LaunchSites {
  private LaunchSites() {}

  static List<LaunchRecord.Site> sites(LaunchContext lx) {
    List<LaunchRecord.Site> out = new ArrayList<>();
    for (int i = 0; i < lx.sites.length; i++) {
      Counters c = lx.sites[i];
      CInsn in = lx.code.insns[i];
      if (c == null || !(in.op == Op.LD || in.op == Op.ST || in.op == Op.ATOM || in.op == Op.BAR || in.op == Op.CBR)) {
        continue;
      }
      out.add(new LaunchRecord.Site(in.span, in.op.name().toLowerCase(java.util.Locale.ROOT), arrayName(lx.code, in), c));
    }
    return out;
  }

  /** The array an access goes through, when its address comes straight from an ADDR. */
  static String arrayName(Code code, CInsn in) {
    if (in.op != Op.LD && in.op != Op.ST && in.op != Op.ATOM) {
      return null;
    }
    int ptr = in.a();
    for (int k = in.index - 1; k >= 0 && k >= in.index - 64; k--) {
      CInsn p = code.insns[k];
      if (p.dst == ptr) {
        if (p.op == Op.PTR_ADD) {
          ptr = p.a();
          continue;
        }
        if (p.op == Op.ADDR) {
          return code.memory.get(p.memory).name();
        }
        return p.ir.dst() != null && p.ir.dst().name() != null ? p.ir.dst().name() : null;
      }
    }
    int reg = ptr;
    return reg < code.function.regs().size() && code.function.regs().get(reg).name() != null ? code.function.regs().get(reg).name() : null;
  }

}
