package org.scansim.sim;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The simulator's parts and who may use whom (docs/architecture.md): run puts host, scheduler and
 * checkers together; the host reaches the GPU through the device interface; the engine knows the
 * checkers only through its hooks; the event seam depends on the IR alone.
 */
@AnalyzeClasses(packages = "org.scansim.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
  @ArchTest
  static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("run").definedBy("org.scansim.sim.run..")
      .layer("host").definedBy("org.scansim.sim.host..")
      .layer("sched").definedBy("org.scansim.sim.sched..")
      .layer("check").definedBy("org.scansim.sim.check..")
      .layer("engine").definedBy("org.scansim.sim.engine..")
      .layer("memory").definedBy("org.scansim.sim.memory..")
      .layer("device").definedBy("org.scansim.sim.device..")
      .layer("event").definedBy("org.scansim.sim.event..")
      .layer("arch").definedBy("org.scansim.sim.arch..", "org.scansim.sim.banks..")
      .whereLayer("run").mayNotBeAccessedByAnyLayer()
      .whereLayer("host").mayOnlyBeAccessedByLayers("run")
      .whereLayer("sched").mayOnlyBeAccessedByLayers("run")
      .whereLayer("check").mayOnlyBeAccessedByLayers("run", "sched")
      .whereLayer("engine").mayOnlyBeAccessedByLayers("run", "sched", "check", "host")
      .whereLayer("memory").mayOnlyBeAccessedByLayers("run", "sched", "check", "host", "engine", "device")
      .whereLayer("device").mayOnlyBeAccessedByLayers("run", "sched", "check", "host", "engine")
      .whereLayer("event").mayOnlyBeAccessedByLayers("run", "sched", "engine");

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
