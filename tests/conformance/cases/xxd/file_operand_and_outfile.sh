printf 'hi\n' > in
xxd in out; echo "status $?"
cat out
