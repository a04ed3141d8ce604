# check-stderr
eval "[[ a b ]]"
echo "eval: $?"
