# check-stderr
pushd nonexist; echo $?; pushd a b; echo $?; dirs | wc -w
