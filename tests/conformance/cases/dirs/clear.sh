HOME=$PWD; mkdir a; pushd a >/dev/null; dirs -c; dirs; popd; echo $?
