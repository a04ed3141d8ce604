printf 'a b\nc d\n' | xargs -L 1 -n 3 echo
