mkdir d
realpath --relative-to=. d/new; echo "status $?"
