/**
 * The abstract syntax tree of the CUDA subset: small immutable records, one sealed interface per
 * category ({@link org.scansim.frontend.ast.Expr}, {@link org.scansim.frontend.ast.Stmt},
 * {@link org.scansim.frontend.ast.Decl}), each visited by a visitor so that a new node fails to
 * compile until every pass handles it. Every node carries the {@link
 * org.scansim.frontend.diag.Span} of the text it came from.
 *
 * <p>Not modelled: anything outside the subset (several base classes, unions, generic lambdas); the
 * {@code AstBuilder} reports those by name and builds no node. A function pointer's type is a
 * {@link org.scansim.frontend.ast.Signature} in its {@link org.scansim.frontend.ast.TypeSpec}.
 * Namespaces are flattened into qualified names, and function templates are recorded
 * ({@link org.scansim.frontend.ast.FunctionTemplate}) and built per instance; a struct is one
 * {@link org.scansim.frontend.ast.StructDef}, shared by every type that names it.
 * Types are syntactic here ({@link org.scansim.frontend.ast.TypeSpec}); the type checker resolves
 * them.
 */
package org.scansim.frontend.ast;
