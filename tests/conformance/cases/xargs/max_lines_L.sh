printf 'a b\nc\nd e f\ng\n' | xargs -L 2 echo
