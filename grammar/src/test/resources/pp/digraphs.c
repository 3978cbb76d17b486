/* Digraphs (6.4.6p3) */
%:define DG(x) %:x
%:define CAT(a, b) a %:%: b
int arr<:3:> = <% 1, 2, 3 %>;
DG(hello) DG(<:) CAT(x, y)
#define S(x) #x
S(<: :> <% %> %: %:%:)
