printf 'a b\nccc\n' > f; seq 1000 > g
wc f g
wc -l f g
wc < f
wc -c < g
printf 'x' | wc
wc -L f g
wc -lwm f
