printf 'b 2\na 10\nc 1\n' | sort -k2n
printf 'b 2\na 10\nc 1\n' | sort -k2,2nr
printf 'x:B\ny:a\nz:C\n' | sort -t: -k2f
printf '1.5K\n2M\n100\n1G\n' | sort -h
printf 'Mar\nJan\nfeb\n' | sort -M
printf 'v1.10\nv1.2\nv1.9\n' | sort -V
printf ' b\na\n  c\n' | sort -b
printf 'a b\na a\nb a\n' | sort -k1,1 -s
