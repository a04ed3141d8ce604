# check-stderr
touch a b
chown --reference=a b; echo "[$?]"
chown --reference=nofile b; echo "[$?]"
chgrp --reference=a b; echo "[$?]"
