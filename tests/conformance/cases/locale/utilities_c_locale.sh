# utilities under LC_ALL=C work on bytes: cut, grep, sed, awk, expr, rev, fold, tr, sort, wc -L
echo héllo | cut -c1-2 | od -An -tx1
echo héllo | grep -o '^..' | od -An -tx1
echo héllo | sed 's/^..//' | od -An -tx1
echo héllo | awk '{print length($0), substr($0,1,2)}' | od -An -c
expr length héllo
echo héllo | rev | od -An -tx1
echo héllo | fold -w 2 | od -An -tx1
echo héllo | tr -d 'é' | od -An -tx1
printf 'b\né\na\nB\n' | sort | od -An -c
printf 'b\né\na\nB\n' | sort -f | od -An -c
echo É | grep -ic 'é'
echo é | grep -c '[[:alpha:]]'
echo héllo | wc -L
echo héllo | tr '[:lower:]' '[:upper:]' | od -An -tx1
printf '%-4s|\n' é
echo héllo | expand | cut -b 1-3 | od -An -tx1
echo 'é' | od -c
v=héllo; echo ${v/#?/X}
