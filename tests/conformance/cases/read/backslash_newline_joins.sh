printf 'a\\\nb\n' | { read x; echo "$x"; }
