printf '1\n2\n3' | split -l 2
cat xab; echo '|'
