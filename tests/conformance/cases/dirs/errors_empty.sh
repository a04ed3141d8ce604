# check-stderr
pushd; echo $?; popd; echo $?
