printf 'a\nbc' | { read -N 3 x; printf '[%s]\n' "$x"; }
