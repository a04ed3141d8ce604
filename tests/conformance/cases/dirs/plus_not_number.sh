# check-stderr
HOME=$PWD; mkdir a; pushd a >/dev/null; popd -x; echo $?; popd +x; echo $?; pushd +x; echo $?; dirs +x; echo $?
