# check-stderr
id nosuch_user_xyz; echo "status $?"
