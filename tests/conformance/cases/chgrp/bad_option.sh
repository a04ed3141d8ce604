# check-stderr
chgrp --bogus; echo "[$?]"
