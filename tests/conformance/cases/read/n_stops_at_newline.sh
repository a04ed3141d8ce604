printf 'a\nbc' | { read -n 3 x; printf '[%s]\n' "$x"; }
