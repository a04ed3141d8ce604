# check-stderr
groups nosuch_user_xyz; echo "status $?"
