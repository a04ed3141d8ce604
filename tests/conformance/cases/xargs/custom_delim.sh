printf 'a:b c:d' | xargs -d : -n1 echo
