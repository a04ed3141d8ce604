printf 'ab' > f1; printf 'cd' > f2
od -c f1 f2
