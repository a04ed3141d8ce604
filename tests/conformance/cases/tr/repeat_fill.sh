echo 'abcdefg' | tr 'a-g' '[x*]'
