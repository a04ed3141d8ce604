HOME=$PWD; mkdir a b c; pushd -n a; pushd -n b; pushd -n +1; echo $?; dirs; pushd -n -0; dirs
