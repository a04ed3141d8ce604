realpath -m --relative-to=. no/such/../path; echo "status $?"
