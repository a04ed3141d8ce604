mkdir -p top/in; touch top/in/f
realpath --relative-base=top top/in/f; realpath --relative-base=top/in top/in/f
