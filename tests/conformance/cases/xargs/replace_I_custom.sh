printf 'f1\nf2\n' | xargs -I XX printf '%s-%s\n' XX XX
