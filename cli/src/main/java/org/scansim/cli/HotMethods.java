package org.scansim.cli;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.management.ObjectName;

/**
 * A large program's compilers (docs/performance.md, "Which compiler"): Java's optimizing compiler
 * (C2) for the few small methods its time goes to, C1 for the rest. A program's own host loops
 * (compiled to their own classes) and the flows its replayed blocks run as are tight loops that
 * C2's code runs two to three times as fast as C1's; the simulator's large methods are not worth
 * C2's time on a machine of two cores. The launcher starts such a run with both compilers and sets
 * {@link #ASKED}; Java's compiler directives ({@code hot-methods.json}) are then added from here,
 * through Java's own diagnostic command (which writes nothing to the program's output, as the
 * {@code -XX:CompilerDirectivesFile} flag would), on a thread of their own. A Java without the
 * management module, or one that refuses, leaves both compilers for everything: only the speed
 * differs, never a result. A program whose blocks the interpreter runs one by one (a kernel that
 * cannot be replayed, checkers) wants C2 everywhere: {@link #withdraw} takes the directives back,
 * and the run goes on in the same Java instead of starting again.
 */
final class HotMethods {
  /** The environment variable by which the launcher asks for the directives. */
  static final String ASKED = "SCANSIM_JIT_HOT";

  private static final Object LOCK = new Object();
  /** Whether this run's directives are in Java's stack, and whether they were taken back (then never added). */
  private static boolean added;
  private static boolean withdrawn;

  private HotMethods() {}

  /** Whether the launcher asked for the directives. */
  static boolean asked() {
    String asked = System.getenv(ASKED);
    return asked != null && !asked.isEmpty();
  }

  /** Adds the directives on a thread of their own when the launcher asked. */
  static void startIfAsked() {
    if (asked()) {
      Thread t = new Thread(() -> {
        synchronized (LOCK) {
          if (!withdrawn) {
            added = add();
          }
        }
      }, "scansim-jit");
      t.setDaemon(true);
      t.start();
    }
  }

  /**
   * C2 for every method from now on: this run's directives taken back, or never added. Whether
   * that holds (false when Java would not take them back: the run should start again).
   */
  static boolean withdraw() {
    synchronized (LOCK) {
      withdrawn = true;
      if (added) {
        try {
          diagnostic("compilerDirectivesRemove"); // add's two, the top of Java's stack
          diagnostic("compilerDirectivesRemove");
          added = false;
        } catch (Exception | LinkageError e) {
          return false;
        }
      }
      return true;
    }
  }

  /** Adds the directives: whether Java took them. */
  static boolean add() {
    Path file = null;
    try (InputStream in = HotMethods.class.getResourceAsStream("hot-methods.json")) {
      if (in == null) {
        return false;
      }
      file = Files.createTempFile("scansim-hot-", ".json");
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      Object said = diagnostic("compilerDirectivesAdd", file.toString());
      return String.valueOf(said).contains("added");
    } catch (Exception | LinkageError e) {
      return false;
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (java.io.IOException e) {
          // left in the temporary folder
        }
      }
    }
  }

  /** Java's diagnostic command {@code name} with {@code arguments}: what it answers. */
  static Object diagnostic(String name, String... arguments) throws Exception {
    return ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), name,
        new Object[] {arguments}, new String[] {String[].class.getName()});
  }
}
