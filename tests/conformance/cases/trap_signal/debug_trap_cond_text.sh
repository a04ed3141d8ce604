# `[[ ]]` as the DEBUG trap sees it: a lone word is `-n word`, `!` and
# parentheses spaced out, operands and operators as written.
trap 'echo "D: $BASH_COMMAND"' DEBUG
x=5
[[ $x ]]
[[ ! $x ]]
[[ -z $x || $x -gt 3 ]]
[[ a == b || ! -f x && ( y ) ]]
[[ x = @(a|b) ]]
[[ "a b" != c* ]]
[[ $x =~ ^[0-9]+$ ]]
[[ a < b ]]
trap - DEBUG
