# check-stderr
mkdir d; touch d/f
realpath -e --relative-to=. d/f d/nope; echo "status $?"
