set --
printf '[%s]' "$@" x
echo
set -- ''
printf '[%s]' "$@" x
echo
