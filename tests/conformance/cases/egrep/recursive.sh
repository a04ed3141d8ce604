mkdir -p d/e && printf 'needle\n' > d/e/f && printf 'hay\n' > d/g
egrep -r 'need(le)?' d
fgrep -rl hay d
