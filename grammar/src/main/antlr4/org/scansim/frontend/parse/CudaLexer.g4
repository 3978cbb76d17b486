/*
 * Tokens of the CUDA C subset that scansim simulates, read after preprocessing.
 *
 * Follows C11 §6.4 (lexical elements) with the CUDA additions of the CUDA C++ Programming Guide
 * (execution-space and memory-space specifiers, the launch brackets <<< >>>). Keywords of C++ and
 * CUDA that lie outside the subset are still tokens of their own, so that the parser can accept
 * enough of a construct to name it in a diagnostic ("templates are not supported") instead of
 * reporting a bare syntax error.
 *
 * No actions: everything the lexer cannot decide (the value of a literal, whether a suffix is
 * valid) is left to the AstBuilder, and malformed input becomes one of the error tokens at the end
 * of this file, which SyntaxParser reports and removes before parsing.
 */
lexer grammar CudaLexer;

// A name that names a type (a typedef, a using alias, a <cstdint> type): no rule makes it; the
// parser's TypeNames pass retypes such identifiers before parsing, as a C compiler's lexer does
// with its symbol table (C11 §6.7.8), so that `uint x;` is a declaration and `(uint) x` a cast.
// TEMPLATE_NAME: the name of a function template, so that `scan<256, float>` is its instance and
// not a comparison.
tokens { TYPE_NAME, TEMPLATE_NAME }

// ---------------------------------------------------------------------------------------------
// Type specifiers (C11 §6.7.2), plus the CUDA types the subset knows by name.

VOID         : 'void';
BOOL         : 'bool' | '_Bool';
CHAR         : 'char';
SHORT        : 'short';
INT          : 'int';
LONG         : 'long';
FLOAT        : 'float';
DOUBLE       : 'double';
SIGNED       : 'signed' | '__signed__';
UNSIGNED     : 'unsigned';
SIZE_T       : 'size_t';
DIM3         : 'dim3';
CUDA_ERROR_T : 'cudaError_t';

// Type qualifiers (C11 §6.7.3); constexpr is read as const.
CONST     : 'const';
CONSTEXPR : 'constexpr';
VOLATILE  : 'volatile' | '__volatile__';
RESTRICT  : 'restrict' | '__restrict__' | '__restrict';

// Aliases (C11 §6.7.8, C++ [dcl.typedef]).
TYPEDEF   : 'typedef';
USING     : 'using';

// Storage classes (C11 §6.7.1) and CUDA memory spaces (CUDA C++ Programming Guide, "Variable
// Memory Space Specifiers").
EXTERN   : 'extern';
STATIC   : 'static';
REGISTER : 'register';
SHARED   : '__shared__';
CONSTANT : '__constant__';

// Execution spaces (Guide, "Function Execution Space Specifiers") and function specifiers
// (C11 §6.7.4; Guide, "__noinline__ and __forceinline__").
GLOBAL        : '__global__';
DEVICE        : '__device__';
HOST          : '__host__';
INLINE        : 'inline' | '__inline__' | '__inline';
FORCEINLINE   : '__forceinline__';
NOINLINE      : '__noinline__';
LAUNCH_BOUNDS : '__launch_bounds__';

// Statements (C11 §6.8).
IF       : 'if';
ELSE     : 'else';
SWITCH   : 'switch';
CASE     : 'case';
DEFAULT  : 'default';
WHILE    : 'while';
DO       : 'do';
FOR      : 'for';
BREAK    : 'break';
CONTINUE : 'continue';
RETURN   : 'return';

// Expressions.
SIZEOF           : 'sizeof';
TRUE             : 'true';
FALSE            : 'false';
NULLPTR          : 'nullptr';
STATIC_CAST      : 'static_cast';
REINTERPRET_CAST : 'reinterpret_cast';
CONST_CAST       : 'const_cast';
DYNAMIC_CAST     : 'dynamic_cast';

// ---------------------------------------------------------------------------------------------
// Outside the subset: recognised only to be reported by name.

TEMPLATE  : 'template';
TYPENAME  : 'typename';
CLASS     : 'class';
STRUCT    : 'struct';
UNION     : 'union';
ENUM      : 'enum';
NAMESPACE : 'namespace';
AUTO      : 'auto';
NEW       : 'new';
DELETE    : 'delete';
TRY       : 'try';
CATCH     : 'catch';
THROW     : 'throw';
GOTO      : 'goto';
ASM       : 'asm' | '__asm__' | '__asm';
OPERATOR  : 'operator';
THIS      : 'this';
STATIC_ASSERT : 'static_assert';
VIRTUAL   : 'virtual';

// Texture and surface objects (Guide, "Texture Functions", "Surface Functions"). The templates `texture<...>` and
// `surface<...>` and the fetch functions stay identifiers: the parser and AstBuilder name them.
TEXTURE_OBJECT : 'cudaTextureObject_t' | 'cudaSurfaceObject_t';

// Half precision (cuda_fp16.h, cuda_bf16.h). Plain `half` stays an identifier: it is a common
// variable name in scan code (`int half = n / 2;`).
HALF : '__half' | '__half2' | '__nv_bfloat16' | '__nv_bfloat162';

// An explicit alignment: CUDA's __align__(n), C++11's alignas(n). Outside the subset, refused by name.
ALIGN : '__align__' | '__builtin_align__' | 'alignas' | '_Alignas';

// Built-in vector types (Guide, "Built-in Vector Types"); dim3 is the one vector type of the
// subset.
VECTOR_TYPE
    : ( 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'long' | 'ulong'
      | 'longlong' | 'ulonglong' | 'float' | 'double' ) [1-4]
    ;

// ---------------------------------------------------------------------------------------------
// Punctuators (C11 §6.4.6). The launch brackets are tokens of their own (Guide, "Execution
// Configuration"); no C expression can contain three '<' or '>' in a row, so `a >> b` and
// `a >>= b` are unaffected.

LAUNCH_OPEN  : '<<<';
LAUNCH_CLOSE : '>>>';

LPAREN   : '(';
RPAREN   : ')';
LBRACKET : '[';
RBRACKET : ']';
LBRACE   : '{';
RBRACE   : '}';

SHL_ASSIGN : '<<=';
SHR_ASSIGN : '>>=';
SHL        : '<<';
SHR        : '>>';
LE         : '<=';
GE         : '>=';
LT         : '<';
GT         : '>';
EQ         : '==';
NE         : '!=';

ASSIGN     : '=';
MUL_ASSIGN : '*=';
DIV_ASSIGN : '/=';
MOD_ASSIGN : '%=';
ADD_ASSIGN : '+=';
SUB_ASSIGN : '-=';
AND_ASSIGN : '&=';
XOR_ASSIGN : '^=';
OR_ASSIGN  : '|=';

AND_AND : '&&';
OR_OR   : '||';
INC     : '++';
DEC     : '--';
PLUS    : '+';
MINUS   : '-';
STAR    : '*';
DIV     : '/';
MOD     : '%';
AMP     : '&';
PIPE    : '|';
CARET   : '^';
NOT     : '!';
TILDE   : '~';

QUESTION   : '?';
COLON_COLON: '::';
COLON      : ':';
SEMI       : ';';
COMMA      : ',';
ARROW      : '->';
ELLIPSIS   : '...';
DOT        : '.';

// ---------------------------------------------------------------------------------------------
// Literals (C11 §6.4.4). The lexer takes the longest run that looks like a number, suffix
// included; the AstBuilder checks the digits and the suffix ("invalid suffix "xyz" on integer
// constant"), as gcc does with its preprocessing numbers (C11 §6.4.8).

FLOATING_LITERAL
    : ( DIGITS? '.' DIGITS | DIGITS '.' ) DEC_EXPONENT? SUFFIX?
    | DIGITS DEC_EXPONENT SUFFIX?
    | '0' [xX] ( HEX_DIGITS? '.' HEX_DIGITS | HEX_DIGITS '.'? ) BIN_EXPONENT SUFFIX?
    ;

INTEGER_LITERAL : [0-9] [0-9a-zA-Z_]*;

CHAR_LITERAL   : '\'' C_CHAR* '\'';
STRING_LITERAL : '"' S_CHAR* '"';

IDENTIFIER : [a-zA-Z_] [a-zA-Z_0-9]*;

fragment DIGITS       : [0-9]+;
fragment HEX_DIGITS   : [0-9a-fA-F]+;
fragment DEC_EXPONENT : [eE] [+-]? DIGITS;
fragment BIN_EXPONENT : [pP] [+-]? DIGITS;
fragment SUFFIX       : [a-zA-Z_] [a-zA-Z_0-9]*;
fragment C_CHAR       : ~['\\\r\n] | ESCAPE;
fragment S_CHAR       : ~["\\\r\n] | ESCAPE;
fragment ESCAPE       : '\\' ~[\r\n];

// ---------------------------------------------------------------------------------------------
// Ignored text. The preprocessor has removed directives; `#pragma` lines (`#pragma unroll`) are
// passed through to the compiler and mean nothing to the simulator.

WHITESPACE    : [ \t\r\n\f\u000B\uFEFF]+ -> skip; // U+FEFF: a byte-order mark
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;
PRAGMA        : '#' [ \t]* 'pragma' ~[\r\n]* -> skip;

// ---------------------------------------------------------------------------------------------
// Malformed input. A terminated comment or literal is always the longer match, so these apply
// only when the closing delimiter is missing. SyntaxParser reports them and drops them from the
// token stream.

UNTERMINATED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'*;
UNTERMINATED_CHAR    : '\'' C_CHAR* '\\'?;
UNTERMINATED_STRING  : '"' S_CHAR* '\\'?;
ERROR_CHAR           : .;
