HOME=$PWD; mkdir a; cd a; cd ..; pushd - | sed "s|$HOME|H|"; dirs
