true &
[ -n "$!" ] && echo has-bang
wait
