# check-stderr
chgrp --no-such-option-xyz; echo "[$?]"
