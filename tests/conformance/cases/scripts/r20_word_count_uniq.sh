# sorting and counting words: tr, sort | uniq -c, sort -rn, top-N, case folding, awk reformatting
mkdir -p txt
cat > txt/doc.txt <<'TEXT'
The quick brown fox jumps over the lazy dog.
The dog barks; the fox runs!
A quick, quick fox -- and a lazy dog.
TEXT
words() { tr -cs '[:alpha:]' '\n' < "$1" | tr '[:upper:]' '[:lower:]' | grep -v '^$'; }
echo "total words: $(words txt/doc.txt | wc -l)"
echo "distinct: $(words txt/doc.txt | sort -u | wc -l)"
echo "top 4:"
words txt/doc.txt | sort | uniq -c | sort -k1,1nr -k2,2 | head -4 | while read -r n w; do
  printf '  %-6s %d\n' "$w" "$n"
done
echo "singletons: $(words txt/doc.txt | sort | uniq -u | tr '\n' ' ')"
echo "repeated: $(words txt/doc.txt | sort | uniq -d | paste -sd, -)"
echo "by length:"
words txt/doc.txt | sort -u | awk '{ print length($0), $0 }' | sort -k1,1n -k2 | awk '
  $1 != prev { if (NR > 1) printf "\n"; printf "  %d:", $1; prev = $1 }
  { printf " %s", $2 }
  END { printf "\n" }'
declare -A seen
while read -r w; do (( seen[${w:0:1}]++ )); done < <(words txt/doc.txt)
for l in $(printf '%s\n' "${!seen[@]}" | sort); do printf '%s=%d ' "$l" "${seen[$l]}"; done; echo
echo "lines with fox: $(grep -ci fox txt/doc.txt), case-sensitive The: $(grep -c 'The' txt/doc.txt)"
