# check-stderr
HOME=$PWD; mkdir a
pushd a >/dev/null
pushd +5; echo "status $?"
popd -3; echo "status $?"
dirs +9; echo "status $?"
