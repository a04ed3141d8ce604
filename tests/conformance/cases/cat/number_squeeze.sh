printf 'a\n\n\n\nb\n\nc\n' | cat -s
printf 'a\n\n\nb\n' | cat -n
printf 'a\n\n\nb\n' | cat -b
printf 'a\n\n\nb\n' | cat -sn
printf 'a\n\n\nb\n' | cat -bn
printf 'x' > f; printf 'y\n' > g; cat -n f g
cat -u f; echo
