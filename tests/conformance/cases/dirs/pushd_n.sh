HOME=$PWD; mkdir a b; pushd -n a; pushd -n b; dirs; pwd | sed "s|$HOME|H|"; popd -n; dirs
