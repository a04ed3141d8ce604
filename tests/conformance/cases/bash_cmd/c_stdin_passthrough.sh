printf 'l1\nl2\n' | bash -c 'read a; echo "got $a"; cat'
