printf 'echo "$# $1 $2"\n' | bash -s x y
