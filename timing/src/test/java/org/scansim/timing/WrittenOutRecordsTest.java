package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.lang.runtime.ObjectMethods;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.sema.Scalar;
import org.scansim.frontend.sema.Type;

/**
 * The records that write out their equals and hashCode (a record's own are linked through method
 * handles at their first use, which spins classes in every command's start) give what the
 * records' own would: for each, the methods {@link ObjectMethods} makes for it are compared with
 * the written-out ones on instances that differ in one component at a time (another value, or
 * null), equality for every pair and the hash for every instance.
 */
class WrittenOutRecordsTest {
  @ParameterizedTest
  @ValueSource(strings = {"org.scansim.frontend.sema.Type$Void", "org.scansim.frontend.sema.Type$Arith",
      "org.scansim.frontend.sema.Type$Pointer", "org.scansim.frontend.sema.Type$Array", "org.scansim.frontend.sema.Type$Dim3",
      "org.scansim.frontend.sema.Type$Null", "org.scansim.frontend.sema.Type$Stream", "org.scansim.frontend.sema.Type$Str",
      "org.scansim.frontend.sema.Type$Err", "org.scansim.frontend.sema.Type$Group", "org.scansim.frontend.sema.Type$Function",
      "org.scansim.frontend.sema.Type$Auto", "org.scansim.frontend.diag.Span", "org.scansim.frontend.diag.Span$MacroNote",
      "org.scansim.sim.engine.AccessMerging$Numbering", "org.scansim.sim.engine.AccessMerging$Affine",
      "org.scansim.sim.engine.Addresses$Fact", "org.scansim.sim.engine.RedundantLoads$State",
      "org.scansim.sim.engine.RedundantLoads$Avail", "org.scansim.sim.engine.opt.Traces$Key",
      "org.scansim.timing.TimingObserver$Key"})
  void equalsAndHashCodeAreTheRecordsOwn(String name) throws Throwable {
    Class<?> r = Class.forName(name);
    assertThat(r.isRecord()).as(name).isTrue();
    assertThat(r.getDeclaredMethod("equals", Object.class).getDeclaringClass()).as("written out").isEqualTo(r);
    assertThat(r.getDeclaredMethod("hashCode").getDeclaringClass()).as("written out").isEqualTo(r);
    MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(r, MethodHandles.lookup());
    RecordComponent[] components = r.getRecordComponents();
    MethodHandle[] getters = new MethodHandle[components.length];
    for (int i = 0; i < components.length; i++) {
      getters[i] = lookup.unreflect(components[i].getAccessor());
    }
    String names = Arrays.stream(components).map(RecordComponent::getName).collect(Collectors.joining(";"));
    MethodHandle equals = ((CallSite) ObjectMethods.bootstrap(lookup, "equals", MethodType.methodType(boolean.class, r, Object.class), r,
        names, getters)).dynamicInvoker();
    MethodHandle hash = ((CallSite) ObjectMethods.bootstrap(lookup, "hashCode", MethodType.methodType(int.class, r), r, names, getters))
        .dynamicInvoker();

    List<Object> instances = new ArrayList<>();
    instances.add(make(r, -1, 0, 0));
    instances.add(make(r, -1, 0, 0)); // another instance, equal to the first
    assertThat(instances.get(0).equals(instances.get(1))).as("equal instances").isTrue();
    for (int i = 0; i < components.length; i++) {
      Object other = make(r, i, 1, 0);
      assertThat(instances.get(0).equals(other)).as("differs in " + components[i].getName()).isFalse();
      instances.add(other);
      if (!components[i].getType().isPrimitive()) {
        Object withNull = make(r, i, NULL, 0);
        if (withNull != null) { // some constructors refuse a null
          instances.add(withNull);
        }
      }
    }
    // Instances are named by their place (a span's toString needs its file): 0 and 1 alike, then
    // each component's other value and its null, in order.
    for (int i = 0; i < instances.size(); i++) {
      Object a = instances.get(i);
      assertThat(a.hashCode()).as("hash of instance " + i).isEqualTo((int) hash.invoke(a));
      for (int j = 0; j < instances.size(); j++) {
        Object b = instances.get(j);
        assertThat(a.equals(b)).as("instance " + i + " equals instance " + j).isEqualTo((boolean) equals.invoke(a, b));
      }
      assertThat(a.equals(null)).isFalse();
      assertThat(a.equals("text")).isFalse();
    }
  }

  private static final int NULL = -2;
  /** Files compare by identity: one for each variant. */
  private static final SourceFile[] FILES = {new SourceFile("f0.cu", ""), new SourceFile("f1.cu", "")};

  /**
   * An instance of record r: every component its variant-0 value, but component {@code which},
   * whose value is {@code variant}'s; null when the constructor refuses a null.
   */
  private static Object make(Class<?> r, int which, int variant, int depth) throws Exception {
    RecordComponent[] c = r.getRecordComponents();
    Class<?>[] types = Arrays.stream(c).map(RecordComponent::getType).toArray(Class<?>[]::new);
    Object[] args = new Object[c.length];
    for (int i = 0; i < c.length; i++) {
      args[i] = value(types[i], i == which ? variant : 0, depth);
    }
    Constructor<?> ctor = r.getDeclaredConstructor(types);
    ctor.setAccessible(true);
    try {
      return ctor.newInstance(args);
    } catch (InvocationTargetException e) {
      if (variant == NULL) {
        return null;
      }
      throw e;
    }
  }

  /** A value of type t for a variant: 0 and 1 differ, NULL is null; a record within a record within the one tested is null. */
  private static Object value(Class<?> t, int variant, int depth) throws Exception {
    if (variant == NULL) {
      return null;
    }
    if (t == boolean.class) {
      return variant == 1;
    }
    if (t == int.class) {
      return 3 + variant;
    }
    if (t == long.class) {
      return 7L + variant;
    }
    if (t == String.class) {
      return "s" + variant;
    }
    if (t == Object.class) {
      return variant;
    }
    if (t.isEnum()) {
      return t.getEnumConstants()[variant];
    }
    if (t == Type.class) {
      return new Type.Arith(Scalar.values()[2 + variant]);
    }
    if (t == List.class) {
      return List.of(variant, 5);
    }
    if (t == Map.class) {
      return Map.of(variant, 9L);
    }
    if (t == SourceFile.class) {
      return FILES[variant];
    }
    if (t.isRecord()) {
      if (depth >= 1) {
        return null; // a span's macro note's span: no deeper
      }
      RecordComponent[] c = t.getRecordComponents();
      Class<?>[] types = Arrays.stream(c).map(RecordComponent::getType).toArray(Class<?>[]::new);
      Object[] args = new Object[c.length];
      for (int i = 0; i < c.length; i++) {
        args[i] = value(types[i], variant, depth + 1);
      }
      Constructor<?> ctor = t.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(args);
    }
    throw new AssertionError("no sample value of " + t);
  }
}
