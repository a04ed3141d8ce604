HOME=$PWD; mkdir a; pushd a >/dev/null; dirs -l | sed "s|$HOME|H|g"; dirs -l -v | sed "s|$HOME|H|g"
