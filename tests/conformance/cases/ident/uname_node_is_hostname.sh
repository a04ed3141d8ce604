[ "$(uname -n)" = "$(hostname)" ] && echo same
