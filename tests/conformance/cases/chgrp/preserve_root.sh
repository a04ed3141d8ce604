# check-stderr
mkdir d; chgrp --no-preserve-root "$(id -gn)" d; echo "[$?]"
