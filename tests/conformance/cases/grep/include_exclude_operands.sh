# check-stderr
printf "hit\n" > a.txt
printf "hit\n" > b.c
mkdir d; printf "hit\n" > d/x.txt
grep --include="*.txt" hit a.txt b.c; echo "s=$?"
grep --exclude="*.txt" hit a.txt b.c; echo "s=$?"
grep --exclude="*.txt" hit ./a.txt b.c; echo "s=$?"
grep --exclude="./a.txt" hit ./a.txt b.c; echo "s=$?"
grep --exclude="a*" hit d/../a.txt b.c; echo "s=$?"
grep -r --exclude-dir=d hit d; echo "s=$?"
grep -r --exclude-dir=d hit d/; echo "s=$?"
grep -r --exclude-dir=. hit . | sort; echo "s=$?"
grep --exclude="*.txt" hit - < a.txt; echo "s=$?"
