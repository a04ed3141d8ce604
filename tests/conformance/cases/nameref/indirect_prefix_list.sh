foo_a=1 foo_b=2 fob=3
echo ${!foo_*}
printf '<%s>' "${!foo_@}"; echo
