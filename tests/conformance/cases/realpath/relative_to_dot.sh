mkdir -p a/b; touch a/b/f
realpath --relative-to=. a/b/f a/./b/../b
