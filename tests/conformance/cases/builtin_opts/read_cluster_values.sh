# check-stderr
printf 'a:b:c\n' | { read -rd: x y; echo "$x|$y"; }
printf 'one two\n' | { read -ra arr; declare -p arr; }
read -Q x
echo "status=$?"
read -a
echo "status=$?"
