# -r over two generated trees of 24 files (100-300 lines each): changed files, identical ones, files only on one side, a subdirectory only on one side.
for t in a b; do mkdir -p $t/src $t/doc; done
mkdir -p a/old b/new
for i in $(seq 1 12); do
  n=$((100 + i * 17))
  awk -v n=$n -v s=$i 'BEGIN { seed = s
    for (j = 1; j <= n; j++) { seed = (seed * 16807) % 2147483647; printf "f%d line %d: %d\n", s, j, seed % 100 } }' > a/src/m$i.c
  awk -v s=$i 'BEGIN { seed = s + 100 }
    { seed = (seed * 16807) % 2147483647; k = seed % 20
      if (k == 0 && s % 3 != 0) next; else if (k == 1 && s % 3 != 0) print $0 " changed"; else print }' a/src/m$i.c > b/src/m$i.c
  seq $i $((i * 10)) > a/doc/d$i.txt
  seq $i $((i * 10 + (i % 4 == 0))) > b/doc/d$i.txt
done
echo gone > a/src/only_a.c; echo here > b/src/only_b.c
echo x > a/old/f; echo y > b/new/g
diff -r a b; echo "status $?"
