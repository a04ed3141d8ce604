# check-stderr
printf "[[ a b ]]\necho inside\n" > c.sh
false
source ./c.sh
echo "after $?"
