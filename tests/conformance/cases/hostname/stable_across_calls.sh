a=$(hostname); b=$(hostname); [ "$a" = "$b" ] && echo same
[ "$(uname -n)" = "$(hostname)" ] && echo uname
