set -- '' "" a
echo $#
printf '[%s]\n' "$@"
