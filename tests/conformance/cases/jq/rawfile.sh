printf 'line1\nline2\n' > r.txt
jq -n --rawfile r r.txt '$r'
