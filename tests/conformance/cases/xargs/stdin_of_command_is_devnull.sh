printf -- '-\n' | xargs cat; echo "status $?"
