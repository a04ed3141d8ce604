HOME=$PWD; mkdir a b; pushd -n a; pushd -n b; pushd -n; echo $?; dirs; pushd -n x y z; dirs; pushd -n +1 extra; echo $?; dirs; pushd +1 extra; echo $?
