/**
 * The front end's one entry, {@link org.scansim.frontend.Frontend}: {@code .cu} text →
 * preprocessor ({@code pp}) → ANTLR parse and AST ({@code parse}, {@code ast}) → type checker
 * ({@code sema}) → typed register IR ({@code ir}), with diagnostics ({@code diag}) at every
 * stage; each stage runs only when the one before it reported no error.
 *
 * <p>Not modelled: C++ beyond the documented subset (templates, classes, references, overloading
 * and namespaces are refused by name), and any file or system call: the language has none.
 */
package org.scansim.frontend;
