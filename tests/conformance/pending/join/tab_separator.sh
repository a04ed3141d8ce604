printf 'k\tv1\n' > x; printf 'k\tv2\n' > y
join -t "$(printf '\t')" x y | sed -n l
