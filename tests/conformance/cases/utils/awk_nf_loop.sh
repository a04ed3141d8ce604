# Reversing fields and building strings in loops.
printf 'a b c\n1 2 3 4\n' | awk '{ s = ""; for (i = NF; i > 0; i--) s = s $i (i > 1 ? " " : ""); print s }'
