seq 5 | split -l 2 --filter='echo "$FILE: $(wc -l)"'; echo "[$?]"
ls
seq 5 | split -l 2 --verbose --filter='cat > $FILE.f'; ls
cat xab.f
