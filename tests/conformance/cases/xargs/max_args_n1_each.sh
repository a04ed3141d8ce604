printf 'x y z\n' | xargs -n1
