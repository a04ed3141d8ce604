# check-stderr
touch f; chgrp nosuchgroup_xyz f; echo "[$?]"
