package org.scansim.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code scansim} command. Exit codes, kept by every subcommand: 0 success, 1 the kernel ran
 * but its result or a check failed, 2 invalid input (usage, syntax, types), 3 a fault inside the
 * kernel at run time, 4 no usable GPU for {@code --device gpu} (no driver, no device, no nvcc).
 */
@Command(
    name = "scansim",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Simulates a SIMT GPU running CUDA scan (prefix-sum) kernels.",
    footer = {"", "Exit codes: 0 success, 1 a result or check failed, 2 invalid input, 3 a fault in the kernel, 4 no usable GPU."})
public final class Main implements Runnable {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int INVALID_INPUT = 2;
  public static final int KERNEL_FAULT = 3;
  public static final int NO_GPU = 4;

  /**
   * The subcommands, in the order help lists them. They are added to the command line in {@link
   * #execute}, not named in the annotation: picocli reads every option of every command it is
   * given (about half of a short command's start), so a line that names one gets that one alone.
   */
  private static final java.util.List<Class<?>> COMMANDS = java.util.List.of(CheckCommand.class, RunCommand.class, CircuitCommand.class,
      CatalogCommand.class, ClaimsCommand.class, GradeCommand.class, BenchCommand.class, CrosscheckCommand.class, SweepCommand.class,
      MergeCommand.class, CommandLine.HelpCommand.class);

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing command: choose one of " + spec.subcommands().keySet());
  }

  public static void main(String[] args) {
    HotMethods.startIfAsked();
    WarmUp.start(args);
    System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams; what tests call. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Main());
    // The command the line names, alone; every command for anything else (help, a mistyped name,
    // an option, nothing), so that help and "did you mean" see them all.
    Class<?> named = args.length == 0 ? null : COMMANDS.stream()
        .filter(c -> c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(args[0])).findFirst().orElse(null);
    for (Class<?> c : COMMANDS) {
      if (named == null || c == named) {
        cli.addSubcommand(c);
      }
    }
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (ex, cmd, parsed) -> {
          // Never a stack trace for the user: one line, and the exit code of an invalid input.
          cmd.getErr().println("scansim: error: " + ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage()));
          return INVALID_INPUT;
        });
    int code;
    try {
      code = cli.execute(args);
    } catch (OutOfMemoryError e) {
      // A run's own phases report this as a fault with the report; this is for anything else.
      err.println("scansim: fault: out of memory (a Java heap of at most " + (Runtime.getRuntime().maxMemory() >> 20)
          + " MB): try a smaller n, or " + org.scansim.sim.run.ScanRun.LARGER_HEAP);
      code = KERNEL_FAULT;
    }
    out.flush();
    err.flush();
    return code;
  }

  /** The version the build wrote into {@code version.properties} (Maven resource filtering). */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"scansim " + version() + " (" + commit() + ")"};
    }

    static String version() {
      String v = properties().getProperty("version");
      return v == null || v.startsWith("${") ? "(version unknown: not built by Maven)" : v;
    }

    /**
     * "commit 0123456789", "commit 0123456789, with uncommitted changes", or "commit unknown" (built
     * outside git). A checkout's launcher names its HEAD ({@code SCANSIM_CHECKOUT_COMMIT}): its jar
     * is built from the checkout's sources, which a commit that changed none leaves as they were,
     * and the commit written at the build with them.
     */
    static String commit() {
      String checkout = System.getenv("SCANSIM_CHECKOUT_COMMIT");
      if (checkout != null && checkout.matches("[0-9a-f]{7,40}")) {
        return "commit " + checkout + ("true".equals(System.getenv("SCANSIM_CHECKOUT_DIRTY")) ? ", with uncommitted changes" : "");
      }
      java.util.Properties p = properties();
      String c = p.getProperty("commit");
      if (c == null || c.isEmpty() || c.startsWith("${")) {
        return "commit unknown";
      }
      return "commit " + c + ("true".equals(p.getProperty("dirty")) ? ", with uncommitted changes" : "");
    }

    private static java.util.Properties properties() {
      java.util.Properties p = new java.util.Properties();
      try (java.io.InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (java.io.IOException e) {
        // no version to show
      }
      return p;
    }
  }
}
