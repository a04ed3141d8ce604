HOME=$PWD; dirs; dirs -p; dirs -v; dirs -l | sed "s|$PWD|CWD|"
