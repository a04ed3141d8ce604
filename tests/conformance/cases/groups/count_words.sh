[ "$(groups | wc -w)" = "$(id -G | wc -w)" ] && echo same
