touch a b c; chgrp "$(id -gn)" a b c; echo "[$?]"
