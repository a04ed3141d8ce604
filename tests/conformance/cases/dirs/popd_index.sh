HOME=$PWD; mkdir -p a b c; pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null; popd +1; popd -0; dirs
