printf 'a b \nc\nd\n' | xargs -L 1 echo
