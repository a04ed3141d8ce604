printf 'a\nb\n' > f
while read l; do echo "<$l>"; done < f
