/**
 * Source files and diagnostics: reading a kernel file ({@link
 * org.scansim.frontend.diag.SourceReader}: regular files inside a folder when one is given,
 * UTF-8 with the position of the first bad byte), source positions and spans through macro
 * expansions, and rendering diagnostics as gcc and nvcc do ({@code file:line:col: error: ...},
 * the source line cut around the caret when it is long); {@link
 * org.scansim.frontend.diag.Cancellation}, how an abandoned compile stops. Inside a grading
 * submission's folder a file with other names (a hard link) is not read, as a symbolic link is not.
 *
 * <p>Not modelled: other encodings than UTF-8 (a byte-order mark is read as a character), tab
 * stops (a tab counts as one column, as in gcc), and files larger than 8 MiB.
 */
package org.scansim.frontend.diag;
