/**
 * The {@code scansim} command (picocli): one class per subcommand ({@code check}, {@code run},
 * {@code circuit}, {@code catalog}, {@code claims}, {@code grade}, {@code bench}, {@code
 * crosscheck}, {@code sweep}, {@code merge}), the options they share ({@code -D} defines, {@code
 * --threads}), where the catalog is, and the terminal's progress bar. Commands print reports and
 * diagnostics and choose the exit code ({@link org.scansim.cli.Main}: 0 ok, 1 a wrong result or a
 * finding, 2 invalid input, 3 a fault in the kernel, 4 no usable GPU); they compute nothing of their
 * own. Every file they write goes through {@link org.scansim.files.OutputFiles} with its mark
 * ({@link org.scansim.cli.Outputs}): a new file or one scansim wrote, nothing else.
 *
 * <p>Not here: the simulation, the reports' content and the grading, which live in their own
 * modules, so that tests and other tools reach them without the command line.
 */
package org.scansim.cli;
