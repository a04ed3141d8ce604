echo() { printf 'wrapped: %s\n' "$*"; }
echo hi
builtin echo direct
