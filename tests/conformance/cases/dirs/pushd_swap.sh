HOME=$PWD; mkdir a b
cd a; pushd ../b >/dev/null; dirs
pushd >/dev/null; dirs; echo "${PWD##*/}"
