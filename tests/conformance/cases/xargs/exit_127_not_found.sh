# check-stderr
echo a | xargs nosuchcommand_xyz; echo "status $?"
