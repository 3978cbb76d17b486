/*
 * Formulas in n for the catalog's work and depth: numbers, n, + - * / ^, parentheses and the
 * functions log2, ceil, floor, min, max. ^ is right-associative and binds tighter than unary
 * minus, as in mathematics: -2^2 = -4.
 */
grammar Formula;

formula : expr EOF ;

expr
  : <assoc=right> expr '^' expr          # Power
  | '-' expr                              # Negate
  | expr op=('*' | '/') expr              # MulDiv
  | expr op=('+' | '-') expr              # AddSub
  | NAME '(' expr (',' expr)* ')'         # Call
  | NAME                                  # Variable
  | NUMBER                                # Number
  | '(' expr ')'                          # Parens
  ;

NAME   : [a-zA-Z_] [a-zA-Z_0-9]* ;
NUMBER : [0-9]+ ('.' [0-9]+)? ;
WS     : [ \t]+ -> skip ;
BAD    : . ;
