[ "$(env whoami)" = "$(whoami)" ] && echo same
