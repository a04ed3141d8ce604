HOME=$PWD; mkdir a b c
pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null
dirs
pushd +1 >/dev/null; dirs
pushd -0 >/dev/null; dirs
