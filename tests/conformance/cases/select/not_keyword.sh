# `select` as an argument, in quotes, as a variable or as part of a word
# is not the keyword.
echo select x in a b
echo "select x in a b"; echo 'select y'
select=3; echo "$select"
selected=yes; echo "$selected"
arr=(select x in y); echo "${arr[*]}"
case select in select) echo matched ;; esac
for w in select x; do echo "$w"; done
f() { echo "f: $*"; }; f select x in
echo $(echo select x in a)
