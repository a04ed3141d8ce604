# check-stderr
touch f; chgrp "$(id -g)" f; echo "[$?]"
