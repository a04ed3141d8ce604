# check-stderr
set -- a
shift 3
echo "status=$? $#"
