touch new
wc -c < new
[ -f new ] && echo exists
