touch f; chown "$(id -un)" f; echo "status $?"; chgrp "$(id -gn)" f; echo "status $?"
