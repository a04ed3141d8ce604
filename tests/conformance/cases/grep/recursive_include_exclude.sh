# check-stderr
mkdir -p d/sub d/skip
printf "hit\n" > d/a.txt
printf "hit\n" > d/b.c
printf "hit\n" > d/sub/c.txt
printf "hit\n" > d/skip/e.txt
grep -r --include="*.txt" hit d | sort; echo "s=$?"
grep -r --exclude="*.txt" hit d | sort; echo "s=$?"
grep -r --exclude-dir=skip hit d | sort; echo "s=$?"
grep -r --exclude-dir="s*" hit d | sort; echo "s=$?"
grep -r --include="*.c" --include="c.*" hit d | sort; echo "s=$?"
grep -r --exclude="d/a.txt" hit d | sort; echo "s=$?"
grep -r --exclude="sub" hit d | sort; echo "s=$?"
grep -r --exclude-dir=d hit d | sort; echo "s=$?"
grep -r --exclude-dir=sub/ hit d | sort; echo "s=$?"
