set -- a b c
IFS=,
echo "$*"
IFS=
echo "$*"
IFS=':;'
echo "$*"
