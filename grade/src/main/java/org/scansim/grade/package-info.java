/**
 * {@code scansim grade}: the autograder for untrusted student scan kernels. An assignment spec
 * ({@link org.scansim.grade.AssignmentReader}, format in {@code examples/grading/README.md}) names
 * the entry, sizes, architecture, budgets and points; the {@link org.scansim.grade.Grader} compiles
 * each submission on a watched thread, runs it at every size with every checker on (a whole
 * program's {@code main} with each run's arguments and input, compared by
 * {@link org.scansim.grade.ProgramCheck} with the output the spec expects), and scores it
 * into Gradescope's {@code results.json} and a readable report; {@link org.scansim.grade.Batch}
 * finds the submissions and writes the files, {@link org.scansim.grade.SummaryCsv} the folder's
 * summary.
 *
 * <p>Not enforced here: host code past its wall-clock budget cannot be stopped from outside (Java
 * has no safe way to stop a thread), so it is abandoned and ends at its host-step budget (an
 * abandoned compile stops at its next step). Output files are written only where nothing is, or
 * over a file grade wrote ({@link org.scansim.files.OutputFiles}); a submission's file with other
 * names (a hard link) is not read.
 */
package org.scansim.grade;
