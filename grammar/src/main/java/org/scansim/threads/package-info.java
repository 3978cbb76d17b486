/**
 * Threads with a large stack ({@link org.scansim.threads.LargeStack}) for the recursive passes of
 * every module: the front end's, the host interpreter's, the real GPU's host run. It knows
 * nothing of what runs on them.
 *
 * <p>Not modelled: a stack a task can grow without bound; a task deeper than the stack's size is
 * caught as a stack overflow by the task itself.
 */
package org.scansim.threads;
