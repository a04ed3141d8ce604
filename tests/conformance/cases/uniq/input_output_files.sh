printf 'x\nx\ny\n' > in
uniq in out; echo "status $?"; cat out
