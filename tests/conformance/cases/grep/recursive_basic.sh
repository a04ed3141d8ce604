# check-stderr
mkdir -p d/sub d/.hid
printf "hit\n" > d/a.txt
printf "hit\n" > d/sub/b.c
printf "hit\n" > d/.hid/c.txt
printf "miss\n" > d/sub/m.txt
grep -r hit d | sort; echo "s=$?"
cd d && grep -r hit | sort; echo "s=$?"
grep -rl hit . | sort; echo "s=$?"
grep -rc hit sub | sort; echo "s=$?"
grep -rh hit sub; echo "s=$?"
grep -rL hit . | sort; echo "s=$?"
