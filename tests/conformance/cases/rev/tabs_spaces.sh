printf 'a\tb c\n' | rev | sed -n l
