printf '1 A\n2 B\n' > y
printf '1 a\n2 b\n' | join - y
