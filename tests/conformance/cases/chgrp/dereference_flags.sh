# check-stderr
touch f; ln -s f l; g=$(id -gn)
chgrp -h "$g" l; echo "[$?]"
chgrp --dereference "$g" l; echo "[$?]"
chgrp -H -R "$g" .; echo "[$?]"
