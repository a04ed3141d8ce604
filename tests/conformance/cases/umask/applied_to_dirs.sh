umask 077; mkdir d; mkdir -p p/q; stat -c '%a %n' d p p/q
