/**
 * The one rule for the files scansim reads and writes on a user's behalf, whichever command
 * names them.
 *
 * <p>Outputs ({@link org.scansim.files.OutputFiles}): scansim creates a new regular file, or
 * replaces a regular file it wrote before (told by a mark in its first bytes: a report's {@code
 * schemaVersion}, a page's generator tag, a sweep's header); a folder, a symbolic link, a named
 * pipe, a device, a socket and any other file are refused with one message. A file is written
 * whole through a temporary file beside it; a new one is linked into place (which fails, rather
 * than replaces, when something appeared there meanwhile).
 *
 * <p>Inputs ({@link org.scansim.files.InputFiles}): read only from regular files, up to a size
 * cap, so a named pipe never blocks and a device never fills the heap.
 *
 * <p>Not guarded: a file swapped for another kind between the check and the rename, which needs
 * a process racing scansim in the same folder.
 */
package org.scansim.files;
