/**
 * The front end's one entry, {@link org.scansim.frontend.Frontend}: {@code .cu} text →
 * preprocessor ({@code pp}) → ANTLR parse and AST ({@code parse}, {@code ast}) → type checker
 * ({@code sema}) → typed register IR ({@code ir}), with diagnostics ({@code diag}) at every
 * stage; each stage runs only when the one before it reported no error. A program of several
 * translation units is preprocessed and parsed file by file and joined by {@link
 * org.scansim.frontend.Linker} before the type checker sees it whole.
 *
 * <p>Not modelled: C++ beyond the documented subset (several or virtual base classes, generic lambdas,
 * device function pointers, template specializations, and the C++ standard library beyond the headers
 * scansim ships in {@code pp/std} are refused by name), separate compilation's object files (the units
 * are linked as source).
 */
package org.scansim.frontend;
