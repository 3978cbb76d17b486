/*
 * The CUDA C subset that scansim simulates: C11 declarations, statements and expressions with the
 * CUDA execution-space and memory-space specifiers and kernel launches.
 *
 * Conventions: no actions; every alternative of a rule with several alternatives is labelled, so
 * the AstBuilder visits one context class per construct; the start rule ends in EOF. There are no
 * declaration is told from an expression by its leading keyword or type name, and a cast `(T) e`
 * from a parenthesised expression by the type keyword or name after '(': the names of typedefs and
 * aliases arrive as TYPE_NAME tokens (the TypeNames pass, C11 §6.7.8).
 *
 * Constructs outside the subset (templates, classes, references, lambdas, ...) are accepted just
 * far enough to be named: their bodies are skipped as balanced token runs (braceBody,
 * balancedParens), and the AstBuilder reports them, so one unsupported construct yields one
 * precise message and no cascade of syntax errors.
 */
parser grammar CudaParser;

options {
    tokenVocab = CudaLexer;
    superClass = DepthLimitedParser;
}

// =============================================================================================
// Translation unit (C11 §6.9)

translationUnit
    : externalDeclaration* EOF
    ;

externalDeclaration
    : declarationSpecifiers declarator CONST? compoundStatement    # functionDefinition
    | declaration                                                  # globalDeclaration
    // C++ [class.ctor], [class.dtor]: a constructor or destructor defined outside its class.
    | storageClassSpecifier* TYPE_NAME '::' TYPE_NAME '(' parameterList? ')' memberInitializers? compoundStatement
                                                                   # constructorDefinition
    | storageClassSpecifier* TYPE_NAME '::' '~' ( IDENTIFIER | TYPE_NAME ) '(' VOID? ')' compoundStatement
                                                                   # destructorDefinition
    // C++ [dcl.link]: extern "C" { ... }; the single-declaration form is a declarationSpecifier.
    | EXTERN STRING_LITERAL '{' externalDeclaration* '}'           # linkageBlock
    // C++ [temp]: a function template, instantiated per use.
    | TEMPLATE '<' templateParameterList '>' declarationSpecifiers declarator compoundStatement
                                                                   # functionTemplateDefinition
    // C++ [temp.explicit]: `template __global__ void scan<256, float>(const float *, float *, int);`
    // builds that instance, so that a file of kernel templates has kernels to launch.
    | TEMPLATE declarationSpecifiers pointer* TEMPLATE_NAME explicitTemplateArguments '(' parameterList? ')' ';'
                                                                   # explicitInstantiation
    // C++ [temp.class]: a class template, instantiated per argument list it is named with.
    | TEMPLATE '<' templateParameterList '>' kw=( STRUCT | CLASS ) IDENTIFIER braceBody ';'
                                                                   # classTemplateDefinition
    | TEMPLATE templateParameters skippedDeclaration               # templateDeclaration
    // C++ [basic.namespace]: namespace N { ... }, namespace { ... }, namespace a::b { ... }; an
    // inline namespace's names are its enclosing namespace's.
    | INLINE? NAMESPACE qualifiedIdentifier? '{' externalDeclaration* '}'   # namespaceDefinition
    | staticAssert                                                 # fileStaticAssert
    | namespaceUse                                                 # fileNamespaceUse
    | NAMESPACE skippedTokens* ( braceBody | ';' )                 # otherNamespace
    // C++ [dcl.typedef] ¶2: using NAME = type;
    | aliasDeclaration                                             # fileAliasDeclaration
    | USING skippedTokens* ';'                                     # usingDirective
    | asmBlock ';'                                                 # asmDefinition
    | ';'                                                          # emptyDeclaration
    ;

// =============================================================================================
// Declarations (C11 §6.7)

declaration
    : declarationSpecifiers initDeclaratorList? ';'
    ;

aliasDeclaration
    : USING IDENTIFIER '=' typeName ';'
    ;

// C++ [namespace.alias], [namespace.udir], [namespace.udecl].
namespaceUse
    : NAMESPACE IDENTIFIER '=' '::'? qualifiedIdentifier ';'       # namespaceAlias
    | USING NAMESPACE '::'? qualifiedIdentifier ';'                # usingNamespace
    | USING '::'? IDENTIFIER ( '::' ( IDENTIFIER | TYPE_NAME ) )+ ';'   # usingDeclaration
    ;

qualifiedIdentifier
    : IDENTIFIER ( '::' IDENTIFIER )*
    ;

// Specifiers in any order (C11 §6.7 ¶2); the AstBuilder normalises the type keywords (§6.7.2)
// and splits the CUDA specifiers into function qualifiers and variable memory spaces.
declarationSpecifiers
    : declarationSpecifier+
    ;

declarationSpecifier
    : storageClassSpecifier                                        # storageSpecifier
    | typeSpecifier                                                # typeSpecifierItem
    | typeQualifier                                                # qualifierSpecifier
    // CUDA C++ Programming Guide, "Launch Bounds": accepted and ignored; the simulator takes the
    // block size from the launch.
    | LAUNCH_BOUNDS '(' argumentExpressionList ')'                 # launchBoundsSpecifier
    // C++ [dcl.link] ¶7: a declaration directly in a linkage specification is treated as if it
    // contained the extern specifier.
    | EXTERN STRING_LITERAL                                        # linkageSpecifier
    | kw=VIRTUAL                                                   # unsupportedSpecifier
    | ALIGN balancedParens                                         # alignmentSpecifier
    ;

storageClassSpecifier
    : kw=( EXTERN | STATIC | REGISTER | SHARED | CONSTANT | GLOBAL | DEVICE | HOST
         | INLINE | FORCEINLINE | NOINLINE | TYPEDEF )
    ;

typeQualifier
    : kw=( CONST | CONSTEXPR | VOLATILE | RESTRICT )
    ;

typeSpecifier
    : kw=( VOID | BOOL | CHAR | SHORT | INT | LONG | FLOAT | DOUBLE | SIGNED | UNSIGNED
         | SIZE_T | DIM3 | CUDA_ERROR_T | AUTO )                   # basicTypeSpecifier
    | TYPE_NAME                                                    # typedefNameSpecifier
    // cooperative_groups::thread_block_tile<32>.
    | TYPE_NAME explicitTemplateArguments                          # templatedTypeNameSpecifier
    // CUDA C++ Programming Guide, "Built-in Vector Types": float4, int2, ...
    | VECTOR_TYPE                                                  # vectorTypeSpecifier
    | kw=( HALF | TEXTURE_OBJECT )                                 # unsupportedTypeKeyword
    // C11 §6.7.2.1: a plain struct of fields. A body with anything else (member functions,
    // bit-fields, access specifiers) is read by classSpecifier, as the earlier alternative wins
    // only where both match.
    | STRUCT ( ALIGN balancedParens )? structName? '{' fieldDeclaration* '}'   # structSpecifier
    // A name or a body is required, so `struct S { ... }` cannot also read as `struct` followed
    // by a function S. `struct S` alone names a struct (C11 §6.7.2.3).
    | kw=( STRUCT | CLASS | UNION ) ( ALIGN balancedParens )? ( structName classFinal? baseClause? braceBody? | baseClause? braceBody )
                                                                   # classSpecifier
    | ENUM ( CLASS | STRUCT )? ( IDENTIFIER ( ':' typeName )? braceBody? | ( ':' typeName )? braceBody )
                                                                   # enumSpecifier
    // texture<float, 1, cudaReadModeElementType>, surface<void, 2>, or any other template.
    | IDENTIFIER templateArguments                                 # templateTypeSpecifier
    ;

baseClause
    : ':' skippedTokens+
    ;

// C++ [class.pre]: `struct Leaf final : Base { ... }`, a class no class may derive from; `final` is
// an identifier but here, before the base clause or the body.
classFinal
    : {_input.LT(1).getText().equals("final") && (_input.LA(2) == COLON || _input.LA(2) == LBRACE)}? IDENTIFIER
    ;

// C++ [class.mem]: the members of a class body, parsed by ClassBuilder from the tokens of the body
// (read as balanced braces where the class is written). Fields come first, so that `int a;` is a
// field; a member function's declarator is a function declarator, with `const` after it.
memberSpecification
    : memberDeclaration* EOF
    ;

memberDeclaration
    : IDENTIFIER ':'                                                               # accessMember
    | declarationSpecifiers memberField ( ',' memberField )* ';'                    # fieldMember
    | storageClassSpecifier* IDENTIFIER? TYPE_NAME '(' parameterList? ')' memberInitializers? ( compoundStatement | ';' | defaulted )
                                                                                   # constructorMember
    | ( storageClassSpecifier | VIRTUAL )* '~' dname=( IDENTIFIER | TYPE_NAME ) '(' VOID? ')' after=IDENTIFIER? ( compoundStatement | '=' pure=INTEGER_LITERAL ';' | ';' | defaulted )
                                                                                   # destructorMember
    | declarationSpecifiers declarator CONST? IDENTIFIER* ( compoundStatement | '=' INTEGER_LITERAL ';' | ';' | defaulted )
                                                                                   # methodMember
    | TEMPLATE skippedTokens* ( ';' | braceBody )                                  # templateMember
    | ';'                                                                          # emptyMember
    ;

memberField
    : pointer* IDENTIFIER arrayDimension* ( '=' initializer | bracedMemberInitializer )?
    ;

// C++ [dcl.fct.def.default], [dcl.fct.def.delete]: `= default;` (the implicit one: an empty body
// here) or `= delete;` (not declared at all).
defaulted
    : '=' kw=( DEFAULT | DELETE ) ';'
    ;

bracedMemberInitializer
    : '{' argumentExpressionList? '}'
    ;

// C++ [class.base.init]: `: a(x), b{y}` before a constructor's body.
memberInitializers
    : ':' memberInitializer ( ',' memberInitializer )*
    ;

memberInitializer
    : ( IDENTIFIER | TYPE_NAME ) ( '(' argumentExpressionList? ')' | '{' argumentExpressionList? '}' )
    ;

// A struct's name: an identifier where it is declared, a type name once it is (C++ [class.name]).
structName
    : IDENTIFIER
    | TYPE_NAME
    ;

// C11 §6.7.2.1: `float v[4], *p;` in a struct body.
fieldDeclaration
    : declarationSpecifiers fieldDeclarator ( ',' fieldDeclarator )* ';'
    ;

fieldDeclarator
    : pointer* IDENTIFIER arrayDimension*
    ;

initDeclaratorList
    : initDeclarator ( ',' initDeclarator )*
    ;

initDeclarator
    : declarator initializerPart?
    ;

initializerPart
    : '=' initializer                                              # assignInitializer
    // C++ [dcl.init]: direct initialisation `dim3 grid(n / 256, 1)`. At least one argument: with
    // none, `T f()` declares a function (C++ [dcl.ambig.res]).
    | '(' argumentExpressionList ')'                               # constructorInitializer
    ;

// C++ [dcl.init.list]: list initialisation `auto start{now()}`, `Timer t{}`, `int a[3]{1, 2, 3}`;
// part of an object declarator, so that a function's body never reads as one.
listInitializer
    : '{' ( initializer ( ',' initializer )* ','? )? '}'
    ;

// C11 §6.7.9; a trailing comma is allowed.
initializer
    : assignmentExpression                                         # expressionInitializer
    | '{' ( initializer ( ',' initializer )* ','? )? '}'           # bracedInitializer
    ;

// C11 §6.7.6. Each '*' carries its own qualifiers; a reference or a parenthesised (function
// pointer) declarator is accepted only to be reported.
declarator
    : pointer* declaratorName '(' parameterList? ')'               # functionDeclarator
    | pointer* declaratorName arrayDimension* listInitializer?     # objectDeclarator
    | pointer* '(' pointer+ IDENTIFIER? arrayDimension* ')' '(' parameterList? ')'   # functionPointerDeclarator
    ;

declaratorName
    : IDENTIFIER                                                   # simpleName
    | IDENTIFIER ( '::' IDENTIFIER )+                              # qualifiedDeclaratorName
    | OPERATOR operatorSymbol                                      # operatorName
    ;

operatorSymbol
    : '(' ')'                                                      # callOperatorSymbol
    | '[' ']'                                                      # indexOperatorSymbol
    | ( NEW | DELETE ) ( '[' ']' )?                                # allocationOperatorSymbol
    | typeName                                                     # conversionOperatorSymbol
    | op=( '+' | '-' | '*' | '/' | '%' | '^' | '&' | '|' | '~' | '!' | '=' | '<' | '>'
         | '+=' | '-=' | '*=' | '/=' | '%=' | '^=' | '&=' | '|=' | '<<' | '>>' | '>>='
         | '<<=' | '==' | '!=' | '<=' | '>=' | '&&' | '||' | '++' | '--' | ',' | '->' )
                                                                   # symbolOperatorSymbol
    ;

pointer
    : '*' pointerQualifier*                                        # pointerLevel
    | ( '&' | '&&' )                                               # referenceLevel
    ;

pointerQualifier
    : kw=( CONST | VOLATILE | RESTRICT )
    ;

arrayDimension
    : '[' assignmentExpression? ']'
    ;

// C11 §6.7.6.3; `(void)` is an empty list, which the AstBuilder recognises.
parameterList
    : parameterDeclaration ( ',' parameterDeclaration )* ( ',' ELLIPSIS )?   # parameters
    | ELLIPSIS                                                     # ellipsisOnly
    ;

parameterDeclaration
    : declarationSpecifiers ( declarator | abstractDeclarator )? ( '=' assignmentExpression )?
    ;

abstractDeclarator
    : pointer+ arrayDimension*                                     # pointerAbstractDeclarator
    | arrayDimension+                                              # arrayAbstractDeclarator
    ;

// C11 §6.7.7, for casts and sizeof.
typeName
    : ( typeSpecifier | typeQualifier )+ pointer*
    ;

// Template parameter and argument lists, accepted only to report templates. The first argument
// must be a type, so `a < b > c` stays the C comparison it is.
templateParameters
    : '<' ( templateParameters | skippedAngleToken )* '>'
    ;

templateArguments
    : '<' typeName ( ',' templateArgument )* '>'
    ;

// A function template's parameters: `typename T`, `class T`, `int BLOCK`, each with an optional
// default.
templateParameterList
    : templateParameter ( ',' templateParameter )*
    ;

templateParameter
    : ( TYPENAME | CLASS ) IDENTIFIER ( '=' typeName )?             # typeTemplateParameter
    | declarationSpecifiers IDENTIFIER ( '=' templateValue )?      # valueTemplateParameter
    ;

// The explicit arguments of a function template: types and constants (a parenthesised
// expression for anything more, as `>` would end the list).
explicitTemplateArguments
    : '<' explicitTemplateArgument ( ',' explicitTemplateArgument )* '>'
    ;

explicitTemplateArgument
    // std::function<float(float, float)>: a function type.
    : typeName '(' parameterList? ')'                              # signatureExplicitArgument
    | typeName                                                     # typeExplicitArgument
    | templateValue                                                # valueExplicitArgument
    ;

// A constant: operands joined by C's arithmetic operators (not '>', '>>' or a comparison, which
// would close the list; C++ [temp.names] ¶3 asks for parentheses around those).
templateValue
    : templateOperand ( op+=( '*' | '/' | '%' | '+' | '-' | '<<' | '&' | '|' | '^' ) templateOperand )*
    ;

templateOperand
    : ( '-' | '~' | '!' )? primaryExpression
    ;

templateArgument
    : typeName                                                     # typeTemplateArgument
    | ( INTEGER_LITERAL | IDENTIFIER | TRUE | FALSE )              # constantTemplateArgument
    ;

// =============================================================================================
// Statements (C11 §6.8)

compoundStatement
    : '{' blockItem* '}'
    ;

blockItem
    : declaration                                                  # declarationItem
    | statement                                                    # statementItem
    // Not C (§6.9.1 allows definitions at file scope only); accepted so that a missing '}' before
    // the next function yields one clear message instead of a cascade.
    | declarationSpecifiers declarator compoundStatement           # nestedFunctionDefinition
    ;

statement
    : compoundStatement                                            # blockStatement
    | expression ';'                                               # expressionStatement
    | ';'                                                          # emptyStatement
    // The optional else binds to the nearest if (C11 §6.8.4.1).
    | IF '(' expression ')' statement ( ELSE statement )?          # ifStatement
    // C11 §6.8.4.2. Case labels are statements of their own here; the AstBuilder groups the
    // items of the switch body into cases and reports labels anywhere else.
    | SWITCH '(' expression ')' compoundStatement                  # switchStatement
    | CASE assignmentExpression ':'                                # caseLabel
    | DEFAULT ':'                                                  # defaultLabel
    | WHILE '(' expression ')' statement                           # whileStatement
    | DO statement WHILE '(' expression ')' ';'                    # doWhileStatement
    // C11 §6.8.5.3: the first clause may be a declaration; any clause may be empty.
    | FOR '(' forInit? ';' expression? ';' expression? ')' statement   # forStatement
    // C++ [stmt.ranged]: for (auto x : v), over an array or a class with begin() and end().
    | FOR '(' declarationSpecifiers declarator ':' expression ')' statement   # rangeForStatement
    | BREAK ';'                                                    # breakStatement
    | CONTINUE ';'                                                 # continueStatement
    | RETURN expression? ';'                                       # returnStatement
    // Outside the subset, reported by the AstBuilder.
    | GOTO IDENTIFIER ';'                                          # gotoStatement
    | IDENTIFIER ':'                                               # labelStatement
    | TRY braceBody ( CATCH balancedParens braceBody )*            # tryStatement
    | THROW skippedTokens* ';'                                     # throwStatement
    | staticAssert                                                 # staticAssertStatement
    | asmBlock ';'                                                 # asmStatement
    | aliasDeclaration                                             # aliasStatement
    | namespaceUse                                                 # namespaceUseStatement
    | USING skippedTokens* ';'                                     # usingStatement
    ;

// C++ [dcl.pre]: static_assert(constant-expression, "message"); the message is optional (C++17).
staticAssert
    : STATIC_ASSERT '(' assignmentExpression ( ',' STRING_LITERAL+ )? ')' ';'
    ;

forInit
    : declarationSpecifiers initDeclaratorList                     # forDeclaration
    | expression                                                   # forExpression
    ;

asmBlock
    : ASM ( VOLATILE | GOTO | INLINE )* balancedParens
    ;

// =============================================================================================
// Expressions (C11 §6.5)

// The comma operator (§6.5.17), the lowest precedence.
expression
    : assignmentExpression                                         # singleExpression
    | expression ',' assignmentExpression                          # commaExpression
    ;

// Everything above the comma, in C precedence order from the tightest: postfix (§6.5.2),
// unary and casts (§6.5.3, §6.5.4), multiplicative ... logical or (§6.5.5-§6.5.14), conditional
// (§6.5.15, right-associative, the middle operand a full expression) and assignment (§6.5.16,
// right-associative). Like gcc, any operand may stand left of '='; the type checker asks for an
// lvalue.
assignmentExpression
    : primaryExpression                                            # primary
    | assignmentExpression '[' expression ']'                      # indexExpression
    | assignmentExpression '(' argumentExpressionList? ')'         # callExpression
    // CUDA C++ Programming Guide, "Execution Configuration":
    // kernel<<<grid, block[, sharedBytes[, stream]]>>>(args).
    | assignmentExpression LAUNCH_OPEN argumentExpressionList LAUNCH_CLOSE
      '(' argumentExpressionList? ')'                              # launchExpression
    | assignmentExpression '.' IDENTIFIER                          # memberExpression
    | assignmentExpression '->' IDENTIFIER                         # arrowExpression
    | assignmentExpression op=( '++' | '--' )                      # postfixExpression
    | op=( '++' | '--' | '+' | '-' | '!' | '~' | '*' | '&' ) assignmentExpression   # unaryExpression
    | SIZEOF assignmentExpression                                  # sizeofExpression
    | '(' typeName ')' assignmentExpression                        # castExpression
    | DELETE ( '[' ']' )? assignmentExpression                     # deleteExpression
    | assignmentExpression op=( '*' | '/' | '%' ) assignmentExpression          # multiplicativeExpression
    | assignmentExpression op=( '+' | '-' ) assignmentExpression                # additiveExpression
    | assignmentExpression op=( '<<' | '>>' ) assignmentExpression              # shiftExpression
    | assignmentExpression op=( '<' | '>' | '<=' | '>=' ) assignmentExpression  # relationalExpression
    | assignmentExpression op=( '==' | '!=' ) assignmentExpression              # equalityExpression
    | assignmentExpression op='&' assignmentExpression                          # bitAndExpression
    | assignmentExpression op='^' assignmentExpression                          # bitXorExpression
    | assignmentExpression op='|' assignmentExpression                          # bitOrExpression
    | assignmentExpression op='&&' assignmentExpression                         # logicalAndExpression
    | assignmentExpression op='||' assignmentExpression                         # logicalOrExpression
    | <assoc = right> assignmentExpression '?' expression ':' assignmentExpression   # conditionalExpression
    | <assoc = right> assignmentExpression
      op=( '=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|=' )
      assignmentExpression                                         # assignmentOperation
    ;

primaryExpression
    : IDENTIFIER                                                   # identifierExpression
    | INTEGER_LITERAL                                              # integerLiteral
    | FLOATING_LITERAL                                             # floatingLiteral
    | CHAR_LITERAL                                                 # charLiteral
    // Adjacent string literals are one literal (C11 §5.1.1.2, phase 6).
    | STRING_LITERAL+                                              # stringLiteral
    | kw=( TRUE | FALSE )                                          # boolLiteral
    | NULLPTR                                                      # nullLiteral
    | '(' expression ')'                                           # parenthesizedExpression
    // sizeof ( type-name ) is preferred over sizeof of a cast expression (C11 §6.5.3).
    | SIZEOF '(' typeName ')'                                      # sizeofTypeExpression
    // C++ [expr.type.conv]: float(x), int(x); dim3(x, y) builds a dim3.
    | kw=( VOID | BOOL | CHAR | SHORT | INT | LONG | FLOAT | DOUBLE | SIGNED | UNSIGNED
         | SIZE_T | DIM3 | CUDA_ERROR_T | VECTOR_TYPE | HALF | TYPE_NAME )
      '(' argumentExpressionList? ')'                              # functionalCast
    // A class template instance's temporary: std::vector<int>(n, 0).
    | TYPE_NAME explicitTemplateArguments '(' argumentExpressionList? ')'   # templatedFunctionalCast
    // A class template instance's static member: std::numeric_limits<float>::max(), BlockScan<float>::size().
    | TYPE_NAME explicitTemplateArguments '::' IDENTIFIER ( '(' argumentExpressionList? ')' )?   # templateMemberExpression
    // C++11 list-initialised temporaries, `Pair{1.0f, 0}`, `float4{...}`: outside the subset,
    // reported by the AstBuilder.
    | kw=( TYPE_NAME | VECTOR_TYPE ) braceBody                     # bracedTemporary
    | kw=( STATIC_CAST | REINTERPRET_CAST | CONST_CAST | DYNAMIC_CAST )
      '<' typeName '>' '(' expression ')'                          # namedCast
    // A function template, with its explicit arguments or to be deduced from the call's.
    | TEMPLATE_NAME explicitTemplateArguments?                     # templateNameExpression
    // Outside the subset, reported by the AstBuilder.
    | IDENTIFIER templateArguments                                 # templateIdExpression
    | '::'? IDENTIFIER ( '::' IDENTIFIER )+                        # qualifiedNameExpression
    | '::' IDENTIFIER                                              # globalNameExpression
    | THIS                                                         # thisExpression
    | '[' skippedBracketToken* ']' lambdaSpecifier* balancedParens? lambdaSpecifier* braceBody   # lambdaExpression
    | NEW balancedParens? typeName ( '[' expression ']' )* ( '(' argumentExpressionList? ')' )?   # newExpression
    | NEW IDENTIFIER balancedParens?                               # newObjectExpression
    ;

argumentExpressionList
    : assignmentExpression ( ',' assignmentExpression )*
    ;

// What may stand between a lambda's parameters and its body: `__device__`, `mutable`, `-> T`.
lambdaSpecifier
    : ( DEVICE | HOST | IDENTIFIER | '->' typeName )
    ;

// =============================================================================================
// Balanced token runs, to skip the inside of an unsupported construct. None of them crosses a
// ';' or an unbalanced brace, so a broken construct cannot swallow the rest of the file.

braceBody
    : '{' ( braceBody | ~( '{' | '}' ) )* '}'
    ;

balancedParens
    : '(' ( balancedParens | ~( '(' | ')' | '{' | '}' | ';' ) )* ')'
    ;

skippedDeclaration
    : skippedTokens* ( ';' | braceBody )
    ;

skippedTokens
    : ~( ';' | '{' | '}' )
    ;

skippedAngleToken
    : ~( '<' | '>' | ';' | '{' | '}' )
    ;

skippedBracketToken
    : ~( '[' | ']' | ';' | '{' | '}' )
    ;
