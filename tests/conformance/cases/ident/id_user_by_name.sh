[ "$(id -u)" = "$(id -u "$(whoami)")" ] && echo same; id -un "$(id -u)" | grep -cx "$(whoami)"
