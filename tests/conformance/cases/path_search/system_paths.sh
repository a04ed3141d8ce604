# Utilities are found at their system paths too.
printf 'b\na\n' | /usr/bin/sort
/usr/bin/env printf '%s\n' via-env
command -v /usr/bin/sort
type /usr/bin/sort
type -t /usr/bin/sort
PATH=/usr/bin
type -P sort
command -v sort
type -t sort
