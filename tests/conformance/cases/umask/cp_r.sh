mkdir -p s/t; chmod 775 s s/t; echo x > s/f; chmod 777 s/f; umask 027; cp -r s d; stat -c '%a %n' d d/t d/f; cp -rp s e; stat -c '%a %n' e e/f
