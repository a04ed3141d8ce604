printf 'a\tb' | expand -t 4 | sed -n l
