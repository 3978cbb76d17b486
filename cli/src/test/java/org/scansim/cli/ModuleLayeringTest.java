package org.scansim.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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

  /**
   * No two packages use each other, directly or round a loop: a depth-first search of the package
   * graph ArchUnit imported (a package's edges: the packages its classes depend on), which names
   * the first loop it finds.
   */
  @ArchTest
  static void noPackageCycles(JavaClasses classes) {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (JavaClass c : classes) {
      Set<String> to = uses.computeIfAbsent(c.getPackageName(), k -> new TreeSet<>());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String target = d.getTargetClass().getPackageName();
        if (target.startsWith("org.scansim") && !target.equals(c.getPackageName())) {
          to.add(target);
        }
      }
    }
    assertThat(uses).as("packages imported").hasSizeGreaterThan(25);
    Map<String, Integer> state = new TreeMap<>(); // 1: on the path, 2: done
    for (String p : uses.keySet()) {
      List<String> loop = loopFrom(p, uses, state, new ArrayList<>());
      assertThat(loop).as("a loop of package dependencies").isEmpty();
    }
  }

  /** The first loop reachable from {@code p} (its packages, the first again at the end), or empty. */
  private static List<String> loopFrom(String p, Map<String, Set<String>> uses, Map<String, Integer> state, List<String> path) {
    Integer s = state.get(p);
    if (s != null) {
      if (s == 1) {
        List<String> loop = new ArrayList<>(path.subList(path.indexOf(p), path.size()));
        loop.add(p);
        return loop;
      }
      return List.of();
    }
    state.put(p, 1);
    path.add(p);
    for (String q : uses.getOrDefault(p, Set.of())) {
      List<String> loop = loopFrom(q, uses, state, path);
      if (!loop.isEmpty()) {
        return loop;
      }
    }
    path.remove(path.size() - 1);
    state.put(p, 2);
    return List.of();
  }

  /** A call or constructor call to a member of the class named {@code owner}, of one of {@code names} (none: any). */
  private static DescribedPredicate<JavaAccess<?>> to(String owner, String... names) {
    DescribedPredicate<HasOwner<JavaClass>> ownedBy = HasOwner.Predicates.With.owner(
        DescribedPredicate.describe(owner, c -> c.getName().equals(owner)));
    DescribedPredicate<JavaAccess<?>> target = JavaAccess.Predicates.target(ownedBy.forSubtype());
    return names.length == 0 ? target
        : target.and(JavaAccess.Predicates.target(HasName.Predicates.nameMatching(String.join("|", names)).forSubtype()));
  }

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
      .and().doNotHaveFullyQualifiedName("org.scansim.timing.TimingObserver") // its own constructors' chaining
      .should().callConstructorWhere(to("org.scansim.timing.TimingObserver").forSubtype())
      .because("TimingPlan resolves the architecture's parameters and card once for a run");

  /** Every command runs the simulated GPU through the one pipeline (the JMH benchmarks time the simulator itself). */
  @ArchTest
  static final ArchRule oneRunPipeline = noClasses().that().resideOutsideOfPackages("org.scansim.pipeline..", "org.scansim.sim..",
          "org.scansim.bench..")
      .should().callMethodWhere(to("org.scansim.sim.run.ScanRun", "run", "runKernel", "execute").forSubtype())
      .because("pipeline.Runner makes the request, attaches the timing model and reports the run");

  /** A card is reached through the pipeline's Device (hardware.CardDevice), as the simulated GPU is. */
  @ArchTest
  static final ArchRule oneWayToTheCard = noClasses().that().resideOutsideOfPackage("org.scansim.hardware..")
      .should().callMethodWhere(to("org.scansim.hardware.GpuRun", "run").forSubtype())
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
