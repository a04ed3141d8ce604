# check-stderr
type nosuch
echo $?
