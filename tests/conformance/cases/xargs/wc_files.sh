printf 'a\nb\n' > 'x'; printf 'c\n' > 'y'
printf 'x y\n' | xargs wc -l
