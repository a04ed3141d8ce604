echo 'ab12cd' | tr -C a-z '*'
