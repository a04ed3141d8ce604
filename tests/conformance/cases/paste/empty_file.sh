: > e; printf '1\n2\n' > a
paste e a | sed -n l
