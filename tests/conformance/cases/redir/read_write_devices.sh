# check-stderr
mkdir d
exec 3<>d
echo "status=$?"
exec 4<>/dev/null
echo dropped >&4
read -r v <&4
echo "status=$? v=$v"
exec 4>&-
exec 5<>/dev/zero
head -c 3 <&5 | od -An -tx1
exec 5<&-
