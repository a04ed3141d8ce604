x=1
[ -v x ] && echo set
[ -v y ] || echo unset
