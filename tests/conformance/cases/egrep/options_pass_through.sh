printf 'One\ntwo\nTHREE\n' | egrep -in 'one|three'
printf 'a\nb\n' | fgrep -v a
printf 'x+y\n' | egrep -o 'x\+y'; echo "status $?"
