mkdir -p a/b c; touch a/b/f
realpath --relative-to=c a/b/f
