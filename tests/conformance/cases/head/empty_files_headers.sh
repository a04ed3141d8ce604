: > e; printf 'z\n' > f
head e f
head -c -1 e f; echo
