[ "$(hostname -s)" = "$(hostname)" ] && echo same
