printf 'a b c' | fmt | sed -n l
