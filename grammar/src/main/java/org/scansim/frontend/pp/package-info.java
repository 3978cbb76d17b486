/**
 * The C preprocessor of the scansim front end: turns a CUDA source file into the text the lexer
 * reads, and maps every range of that text back to what the user wrote.
 *
 * <p>It implements C11 §6.10 as gcc's cpp does it for C++17 (nvcc's host preprocessor): line
 * splicing and comments, pp-tokens, object-like and function-like macros with {@code #},
 * {@code ##}, variadic arguments and gcc's {@code , ## __VA_ARGS__}, conditional inclusion with
 * full #if arithmetic, quoted {@code #include} through an {@link
 * org.scansim.frontend.pp.IncludeLoader}, {@code #pragma once}, {@code #error} / {@code
 * #warning}, {@code _Pragma}. Macro expansion follows gcc's algorithm (contexts, painted
 * identifiers, padding), so that results, stringification white space included, are gcc's.
 *
 * <p>Pieces: {@link org.scansim.frontend.pp.PpLexer} (pp-tokens), {@link org.scansim.frontend.pp.Macro}, {@link org.scansim.frontend.pp.MacroDefinitionParser}, {@code
 * MacroTable}, {@link org.scansim.frontend.pp.InitialMacros} (predefined and -D), {@link org.scansim.frontend.pp.MacroExpander} and {@code
 * HashOperators} (# and ##), {@link org.scansim.frontend.pp.ConditionEvaluator} and {@link org.scansim.frontend.pp.PpConstant} (#if), {@link org.scansim.frontend.pp.DirectiveProcessor}, {@code
 * PpSession} (the driver), {@link org.scansim.frontend.pp.OutputBuilder} and {@link org.scansim.frontend.pp.SourceMap} (output and location
 * mapping), {@link org.scansim.frontend.pp.Budget} (limits against hostile input).
 *
 * <p>Not modelled: trigraphs (removed in C++17) and UCNs in identifiers; raw string literals and
 * user-defined-literal suffixes; C++ alternative tokens ({@code and}, {@code or}, ...) as
 * operators; system headers ({@code #include <...>}, or quoted with no such file beside the
 * source): none is read from disk; those that declare what the subset has built in are accepted,
 * {@code <sys/time.h>}, {@code <time.h>} and the C++ headers scansim ships ({@code <vector>},
 * {@code <string>}, ... in {@code pp/std}, written in the subset) insert scansim's own text, and
 * the macros kernels take from them are predefined ({@link org.scansim.frontend.pp.SystemHeaders}); {@code #include_next} and {@code
 * #import} (errors); {@code __has_include}, {@code __has_cpp_attribute}, {@code __VA_OPT__},
 * {@code __COUNTER__}, {@code __DATE__}, {@code __TIME__}, {@code __STDC__} and other predefined
 * macros beyond the documented list; {@code #line} and line markers (accepted, ignored:
 * {@code __LINE__} and {@code __FILE__} always give the real position); {@code #pragma} other than
 * {@code once}, {@code push_macro} / {@code pop_macro}; {@code #assert}. {@code __CUDA_ARCH__} is
 * deliberately not defined. {@code __LINE__} inside a macro invocation is the line of the
 * invocation's first token. An included file's text is inserted in place, so later lines of the
 * includer move down in the output (the source map still gives their real positions).
 *
 * <p>Deliberate differences from C: {@code <<<} and {@code >>>} are single tokens (CUDA launches),
 * so pasting {@code <<} and {@code <} succeeds; a -D value with unbalanced parentheses is rejected
 * (gcc would accept it).
 */
package org.scansim.frontend.pp;
