# check-stderr
mkdir d
uniq d; echo "status $?"
uniq d out; echo "status $?"; cat out; echo "[$(cat out)]"
