# check-stderr
type -tp echo
echo "status=$?"
type -pt echo
type -tP echo
hash -p
echo "status=$?"
hash -Q
echo "status=$?"
