# check-stderr
HOME=$PWD; mkdir a; pushd a -n; echo $?; pushd -- -x; echo $?; pushd -n -- -y; dirs -v -1; dirs -v +0
