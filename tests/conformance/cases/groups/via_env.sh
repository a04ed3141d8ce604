[ "$(env groups)" = "$(groups)" ] && echo same
