H=$PWD; pwd a b | sed "s|$H|H|"
