groups | wc -l
[ "$(groups)" = "$(id -Gn)" ] && echo same
u=$(id -un); groups "$u" | grep -c "^$u : "
