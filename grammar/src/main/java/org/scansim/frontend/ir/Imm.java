package org.scansim.frontend.ir;

/**
 * An immediate. {@code bits} holds integers sign- or zero-extended to 64 bits, floats as the raw
 * bits of a double (so {@code f32} immediates are exactly representable floats), pointers as 0.
 */
public record Imm(IrType type, long bits) implements Operand {

  public static Imm ofLong(IrType type, long v) {
    return new Imm(type, v);
  }

  public static Imm ofDouble(IrType type, double v) {
    return new Imm(type, Double.doubleToRawLongBits(type == IrType.F32 ? (double) (float) v : v));
  }

  public double asDouble() {
    return Double.longBitsToDouble(bits);
  }

  @Override
  public String toString() {
    if (type.isFloat()) {
      double d = asDouble();
      return type == IrType.F32 ? Float.toString((float) d) + "f" : Double.toString(d);
    }
    if (type == IrType.PTR) {
      return "null";
    }
    if (type == IrType.PRED) {
      return bits != 0 ? "true" : "false";
    }
    return type == IrType.U64 && bits < 0 ? Long.toUnsignedString(bits) : Long.toString(bits);
  }
}
