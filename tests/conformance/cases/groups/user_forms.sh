u=$(id -un)
[ "$(groups "$u" | cut -d: -f2- | sed 's/^ //')" = "$(id -Gn "$u")" ] && echo same
groups "$u" "$u" | wc -l
