# check-stderr
touch f; chown ":nosuchgroup_xyz" f; echo "status $?"; chgrp nosuchgroup_xyz f; echo "status $?"
