printf 'echo a\nreturn 3\necho b\n' > r.sh
. ./r.sh
echo $?
