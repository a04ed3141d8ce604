HOME=$PWD; mkdir -p a b c; pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null; pushd +2; pwd | sed "s|$HOME|H|"; pushd -1; pushd
