echo 'a    b  c' | tr -s ' '
