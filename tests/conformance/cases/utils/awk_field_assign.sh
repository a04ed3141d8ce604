# Assigning a field or NF rebuilds the record with OFS.
echo "a b c d" | awk '{ $2 = "X"; print; print NF }'
echo "a b c" | awk 'BEGIN { OFS = "-" } { $5 = "e"; print; print NF }'
echo "a b c d" | awk 'BEGIN { OFS = ":" } { NF = 2; print }'
echo "a b c" | awk 'BEGIN { OFS = "," } { $1 = $1; print }'
echo "x y" | awk '{ $0 = "p q r"; print NF, $3 }'
