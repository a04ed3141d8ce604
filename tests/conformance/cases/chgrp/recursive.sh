mkdir -p d/e; touch d/e/f; g=$(id -gn)
chgrp -R "$g" d; echo "[$?]"
chgrp -Rv "$g" d | wc -l
