printf 'hello\n' > f1; printf 'world\n' > f2
printf 'f1\nf2\n' | xargs cat
