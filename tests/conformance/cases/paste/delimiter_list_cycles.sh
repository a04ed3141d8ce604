printf '1\n' > a; printf '2\n' > b; printf '3\n' > c; printf '4\n' > d
paste -d ':;' a b c d
