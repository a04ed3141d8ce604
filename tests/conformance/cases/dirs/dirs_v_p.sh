HOME=$PWD; mkdir a b
pushd a >/dev/null; pushd ../b >/dev/null
dirs -v
dirs -p
dirs +1; dirs -1
