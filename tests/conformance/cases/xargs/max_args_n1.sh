printf 'a b c d e\n' | xargs -n 2 echo
