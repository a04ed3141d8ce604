# check-stderr
HOME=$PWD; mkdir a; pushd a >/dev/null; dirs +9; echo $?; pushd +7; echo $?; popd +5; echo $?; popd -3; echo $?
