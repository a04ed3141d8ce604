printf 'c\na\nb\n' > f
sort -o f f; cat f
printf 'z\ny\n' > g; sort -m -o g g f; cat g
printf 'b\0a\0' | sort -z | tr '\0' ,; echo
printf '3\n1\n2\n' | sort -S 1M --parallel=2
printf '3\n1\n2\n' | sort -R | sort
printf '1e3\n-5\n0x10\n2.5\n' | sort -g
printf '1e3\n-5\n0x10\n2.5\n' | sort -n
printf 'a\nb\na\n' | sort -u
