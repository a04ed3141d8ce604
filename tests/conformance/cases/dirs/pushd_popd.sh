HOME=$PWD; mkdir a b; pushd a; pushd ../b; dirs; popd; popd; dirs
