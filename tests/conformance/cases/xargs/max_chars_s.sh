printf 'aaa bbb ccc ddd\n' | xargs -s 12 echo
