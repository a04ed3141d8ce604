for w in one two three two one two; do echo $w; done > words
sort words | head -n 3
grep -c two words
sort -u words | wc -l
