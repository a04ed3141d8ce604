echo 'abcdefg' | tr 'a-g' '[x*3]y'
