[ "$(echo | xargs whoami)" = "$(whoami)" ] && echo same
