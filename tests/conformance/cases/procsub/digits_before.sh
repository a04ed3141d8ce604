# Digits written against <( or >( are part of the word, not a descriptor.
echo 3<(true) | sed 's#/dev/fd/[0-9]*#/dev/fd/N#'
echo a 12>(cat >/dev/null)b | sed 's#/dev/fd/[0-9]*#/dev/fd/N#'
f() { echo 3<(true) 2> /dev/null; }
declare -f f
