[ "$(groups)" = "$(id -gn)" ] && echo same
