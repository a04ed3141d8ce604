# check-stderr
timeout 1 nosuchcmd_xyz; echo "status $?"
