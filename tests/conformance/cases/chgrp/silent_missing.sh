# check-stderr
chgrp -f "$(id -gn)" nofile; echo "[$?]"
