printf 'abc' | rev | sed -n l
