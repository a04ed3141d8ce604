# check-stderr
chown; echo "status $?"; chown root; echo "status $?"; chgrp; echo "status $?"
