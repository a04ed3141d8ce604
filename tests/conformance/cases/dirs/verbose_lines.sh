HOME=$PWD; mkdir -p a b c; pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null; dirs -v; dirs -p
