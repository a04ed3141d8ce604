# check-stderr
popd; echo "status $?"
pushd; echo "status $?"
