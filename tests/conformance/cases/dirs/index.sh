
HOME=$PWD; mkdir -p a b; pushd a >/dev/null; pushd ../b >/dev/null; dirs +0; dirs +1; dirs -0; dirs -1
