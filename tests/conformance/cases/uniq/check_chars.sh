printf 'abc1\nabc2\nabd3\n' | uniq -w 3
