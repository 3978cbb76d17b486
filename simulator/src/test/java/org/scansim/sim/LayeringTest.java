package org.scansim.sim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The simulator's parts and who may use whom (docs/architecture.md): run puts host, scheduler and
 * checkers together; results are values anyone reads; the host reaches the GPU through the device interface; the engine knows the
 * checkers only through its hooks; the event seam depends on the IR alone.
 */
@AnalyzeClasses(packages = "org.scansim.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
  private static final String SIM = "org.scansim.sim";

  /** No class outside {@code users} (and {@code part} itself) depends on the part {@code part}. */
  private static ArchRule onlyUsedBy(String part, String... users) {
    String[] allowed = new String[users.length + 1];
    allowed[0] = SIM + "." + part + "..";
    for (int i = 0; i < users.length; i++) {
      allowed[i + 1] = SIM + "." + users[i] + "..";
    }
    return noClasses().that().resideInAPackage(SIM + "..").and().resideOutsideOfPackages(allowed)
        .should().dependOnClassesThat().resideInAPackage(SIM + "." + part + "..");
  }

  @ArchTest
  static final ArchRule run = onlyUsedBy("run");

  @ArchTest
  static final ArchRule host = onlyUsedBy("host", "run");

  @ArchTest
  static final ArchRule sched = onlyUsedBy("sched", "run");

  @ArchTest
  static final ArchRule check = onlyUsedBy("check", "run", "sched");

  @ArchTest
  static final ArchRule engine = onlyUsedBy("engine", "run", "sched", "check", "host");

  @ArchTest
  static final ArchRule memory = onlyUsedBy("memory", "run", "sched", "check", "host", "engine", "device", "result");

  @ArchTest
  static final ArchRule resultsAreValues = noClasses().that().resideInAPackage("org.scansim.sim.result..")
      .should().dependOnClassesThat().resideInAnyPackage("org.scansim.sim.run..", "org.scansim.sim.sched..", "org.scansim.sim.check..",
          "org.scansim.sim.engine..", "org.scansim.sim.host..", "org.scansim.sim.device..")
      .because("a run's results are values every part reads; they know no part that makes them");

  @ArchTest
  static final ArchRule device = onlyUsedBy("device", "run", "sched", "check", "host", "engine");

  @ArchTest
  static final ArchRule event = onlyUsedBy("event", "run", "sched", "engine");

  @ArchTest
  static final ArchRule hostKnowsNoSimulatedDevice = noClasses().that().resideInAPackage("org.scansim.sim.host..")
      .should().dependOnClassesThat().resideInAnyPackage("org.scansim.sim.sched..", "org.scansim.sim.check..")
      .because("host code reaches the GPU through GpuDevice, so a real GPU can stand behind it");

  @ArchTest
  static final ArchRule engineKnowsNoChecker = noClasses().that().resideInAPackage("org.scansim.sim.engine..")
      .should().dependOnClassesThat().resideInAPackage("org.scansim.sim.check..")
      .because("the engine tells the checkers what it does through CheckHooks");

  @ArchTest
  static final ArchRule eventSeamOnTheIrAlone = noClasses().that().resideInAPackage("org.scansim.sim.event..")
      .should().dependOnClassesThat().resideOutsideOfPackages("org.scansim.sim.event..", "org.scansim.frontend.ir..",
          "org.scansim.frontend.diag..", "java..")
      .because("a timing model built on the events needs nothing of the engine");
}
