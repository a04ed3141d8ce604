# check-stderr
mkdir d
printf "hit\n" > d/a.txt
printf "hit\n" > d/b.c
printf "hit\n" > d/c.md
printf "*.txt\n*.md\n" > ex
grep -r --exclude-from=ex hit d; echo "s=$?"
grep -r --exclude-from=missing hit d; echo "s=$?"
