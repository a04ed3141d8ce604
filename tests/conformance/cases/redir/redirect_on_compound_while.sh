printf '1\n2\n' > n.txt
while read -r n; do echo "n$n"; done < n.txt > o.txt
cat o.txt
