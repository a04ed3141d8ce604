# check-stderr
dirs x; echo $?; dirs -lp; echo $?; pushd -x; echo $?; popd x; echo $?
