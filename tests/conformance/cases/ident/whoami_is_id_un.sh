[ "$(whoami)" = "$(id -un)" ] && echo same
