/**
 * Threads for every module: {@link org.scansim.threads.LargeStack}, threads with a large stack for
 * the recursive passes (the front end's, the host interpreter's, the real GPU's host run), and
 * {@link org.scansim.threads.Parallel}, host-side loops over arrays split into parts that threads
 * run (filling buffers, checking outputs, counting the scan proof's fan-out). Neither knows
 * anything of what runs on it.
 *
 * <p>Not modelled: a stack a task can grow without bound; a task deeper than the stack's size is
 * caught as a stack overflow by the task itself. Results never depend on the number of threads.
 */
package org.scansim.threads;
