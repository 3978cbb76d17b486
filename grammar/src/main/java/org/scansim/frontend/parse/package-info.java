/**
 * The parser of the CUDA subset: the ANTLR 4 grammar ({@code CudaLexer.g4}, {@code
 * CudaParser.g4}), the {@link org.scansim.frontend.parse.AstBuilder} that turns its parse tree into the AST of {@link
 * org.scansim.frontend.ast}, and the syntax diagnostics. One public entry point, {@link
 * org.scansim.frontend.parse.SyntaxParser#parse}.
 *
 * <p>Pipeline: {@link org.scansim.frontend.parse.TokenScan} (lex, report each run of stray characters and unterminated
 * comments and literals, stop after 100 of them, reject nesting deeper than 256) → {@code
 * CudaParser} (SLL, then LL with {@link org.scansim.frontend.parse.CudaErrorStrategy} on failure; its base {@code
 * DepthLimitedParser} stops past 20,000 open rules) → {@link org.scansim.frontend.parse.AstBuilder} with {@code
 * DeclarationBuilder}, {@link org.scansim.frontend.parse.StmtBuilder}, {@link org.scansim.frontend.parse.ExprBuilder} (which stops past 50,000 chained
 * operators along a path) → {@link org.scansim.frontend.parse.SyntaxErrors}, which sorts the diagnostics and drops the ones a
 * previous error in the same statement explains. The limits are counted, so one input gives one
 * answer on every run; the passes run on {@code LargeStack}'s 256 MiB threads, four times what the
 * limits need, and stop when the compile is interrupted.
 *
 * <p>Simplifications: a typedef or {@code using} name is a type from its declaration to the end
 * of the file ({@link org.scansim.frontend.parse.TypeNames}; scopes are not modelled);
 * a class body with member functions is parsed on its own ({@link org.scansim.frontend.parse.ClassBuilder}: its tokens, the
 * {@code memberSpecification} rule) into a struct and functions {@code Class::member};
 * a class template is kept and built per argument list as a function template is ({@code
 * TemplateDef}); a lambda's parameters and body are parsed from its tokens ({@code
 * LambdaBuilder}) and its closure type made by the type checker; constructs outside the subset (several base classes, unions, init captures, ...) are parsed
 * only far enough to be reported by name and then skipped; {@code __launch_bounds__} is
 * accepted and ignored; {@code #pragma} lines that reach the lexer are ignored; digit separators,
 * wide and UTF-8 literals, designated initialisers and attributes ({@code __align__}, {@code
 * __attribute__}) are not accepted.
 */
package org.scansim.frontend.parse;
