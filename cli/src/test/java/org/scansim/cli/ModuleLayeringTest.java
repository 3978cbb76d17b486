package org.scansim.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Who may use whom across the modules (docs/architecture.md): Maven's module graph already keeps
 * a module from using one above it; these rules keep the packages within and across modules in
 * their layers. The simulator's own parts: {@code org.scansim.sim.LayeringTest}.
 */
@AnalyzeClasses(packages = "org.scansim", importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleLayeringTest {
  private static final String FE = "org.scansim.frontend.";

  /** No two packages use each other, directly or round a loop. */
  @ArchTest
  static final ArchRule noPackageCycles = slices().matching("org.scansim.(**)").should().beFreeOfCycles();

  /** A front-end stage uses only the stages before it: pp and the AST know only diagnostics. */
  @ArchTest
  static final ArchRule preprocessorFirst = noClasses().that().resideInAnyPackage(FE + "pp..", FE + "ast..", FE + "diag..")
      .should().dependOnClassesThat().resideInAnyPackage(FE + "parse..", FE + "sema..", FE + "ir..")
      .because("the preprocessor and the AST come before the parse, the type checker and the lowering");

  @ArchTest
  static final ArchRule diagnosticsUseNoStage = noClasses().that().resideInAPackage(FE + "diag..")
      .should().dependOnClassesThat().resideInAnyPackage(FE + "pp..", FE + "ast..")
      .because("every stage reports through diag");

  @ArchTest
  static final ArchRule parserBeforeTypes = noClasses().that().resideInAPackage(FE + "parse..")
      .should().dependOnClassesThat().resideInAnyPackage(FE + "sema..", FE + "ir..", FE + "pp..")
      .because("the parser reads the preprocessor's text and builds the AST, which the type checker reads after it");

  @ArchTest
  static final ArchRule typesBeforeLowering = noClasses().that().resideInAPackage(FE + "sema..")
      .should().dependOnClassesThat().resideInAnyPackage(FE + "ir..", FE + "parse..", FE + "pp..")
      .because("the lowering reads the type checker's Sema, never the other way round");

  @ArchTest
  static final ArchRule loweringReadsTheAstAndSemaOnly = noClasses().that().resideInAPackage(FE + "ir..")
      .should().dependOnClassesThat().resideInAnyPackage(FE + "parse..", FE + "pp..")
      .because("the IR is made from the AST and Sema");

  /** The timing model hears the engine through the event seam, nothing else of the simulator's. */
  @ArchTest
  static final ArchRule timingOnlyThroughTheEventSeam = noClasses().that().resideInAPackage("org.scansim.timing..")
      .should().dependOnClassesThat().resideInAnyPackage("org.scansim.sim.engine..", "org.scansim.sim.sched..",
          "org.scansim.sim.check..", "org.scansim.sim.run..", "org.scansim.sim.host..", "org.scansim.sim.memory..",
          "org.scansim.sim.device..", "org.scansim.sim.banks..")
      .because("a timing model built on the events needs nothing of the engine");

  /** One place makes a run's timing observer, from the parameters resolved once for the run. */
  @ArchTest
  static final ArchRule oneTimingObserverFactory = noClasses().that().doNotHaveFullyQualifiedName("org.scansim.timing.TimingPlan")
      .should().callConstructorWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
          com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
              com.tngtech.archunit.base.DescribedPredicate.describe("TimingObserver",
                  c -> c.getName().equals("org.scansim.timing.TimingObserver")))))
      .because("TimingPlan resolves the architecture's parameters and card once for a run");

  /** Every command runs the simulated GPU through the one pipeline (the JMH benchmarks time the simulator itself). */
  @ArchTest
  static final ArchRule oneRunPipeline = noClasses().that().resideOutsideOfPackages("org.scansim.pipeline..", "org.scansim.sim..",
          "org.scansim.bench..")
      .should().callMethod(org.scansim.sim.run.ScanRun.class, "run", org.scansim.frontend.Frontend.Result.class,
          org.scansim.sim.run.ScanRun.Request.class)
      .orShould().callMethod(org.scansim.sim.run.ScanRun.class, "runKernel", org.scansim.frontend.Frontend.Result.class,
          org.scansim.sim.run.ScanRun.Request.class, org.scansim.sim.run.ScanRun.KernelLaunch.class)
      .orShould().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
          com.tngtech.archunit.core.domain.properties.HasName.Predicates.name("execute")).and(
          com.tngtech.archunit.core.domain.JavaCall.Predicates.target(com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
              com.tngtech.archunit.base.DescribedPredicate.describe("ScanRun", c -> c.getName().equals("org.scansim.sim.run.ScanRun"))))))
      .because("pipeline.Runner makes the request, attaches the timing model and reports the run");

  /** A card is reached through the pipeline's Device (hardware.CardDevice), as the simulated GPU is. */
  @ArchTest
  static final ArchRule oneWayToTheCard = noClasses().that().resideOutsideOfPackage("org.scansim.hardware..")
      .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
          com.tngtech.archunit.core.domain.properties.HasName.Predicates.name("run")).and(
          com.tngtech.archunit.core.domain.JavaCall.Predicates.target(com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
              com.tngtech.archunit.base.DescribedPredicate.describe("GpuRun", c -> c.getName().equals("org.scansim.hardware.GpuRun"))))))
      .because("run and crosscheck put the card behind the same interface as the simulated GPU");

  /** Nothing below the command line uses it: reports, pages and every other module serve other tools too. */
  @ArchTest
  static final ArchRule nothingUsesTheCommandLine = noClasses().that().resideOutsideOfPackage("org.scansim.cli..")
      .should().dependOnClassesThat().resideInAPackage("org.scansim.cli..");

  @ArchTest
  static final ArchRule reportsAndPagesRunNothing = noClasses().that().resideInAnyPackage("org.scansim.reports..", "org.scansim.html..")
      .should().dependOnClassesThat().resideInAnyPackage("org.scansim.cli..", "org.scansim.hardware..", "org.scansim.grade..")
      .because("a report or a page renders results; it starts no run");

  /** The front end knows nothing of the simulator, which runs what it makes. */
  @ArchTest
  static final ArchRule frontEndKnowsNoSimulator = noClasses().that().resideInAnyPackage("org.scansim.frontend..", "org.scansim.files..",
          "org.scansim.threads..")
      .should().dependOnClassesThat().resideInAnyPackage("org.scansim.sim..", "org.scansim.timing..", "org.scansim.reports..");
}
