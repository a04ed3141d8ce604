printf 'a b c\nd e f\n' | column -t -N one,two,three -H two
