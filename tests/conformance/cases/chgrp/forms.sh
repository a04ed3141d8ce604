# check-stderr
touch f; g=$(id -gn)
chgrp "$g" f; echo "[$?]"
chgrp -v "$g" f | sed "s/$g/G/g"
chgrp -c "$g" f | wc -l
chgrp; echo "[$?]"
chgrp "$g" 2>&1 | sed "s/$g/G/"
chgrp "$g" nofile; echo "[$?]"
