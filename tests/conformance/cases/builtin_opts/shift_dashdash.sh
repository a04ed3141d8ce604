# check-stderr
set -- a b c
shift -- 2
echo "s=$1"
set -- a b c
shift -1
echo "s=$? $1"
shift --
echo "s=$? $#"
shift -Q
echo "s=$?"
