: > e; printf 'z\n' > f
tail e f
tail -c +5 e f
