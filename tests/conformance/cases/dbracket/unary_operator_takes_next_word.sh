# check-stderr
[[ -n == ]]; echo "-n ==: $?"
[[ -z = ]]; echo "-z =: $?"
[[ -f == ]]; echo "-f ==: $?"
[[ -v != ]]; echo "-v !=: $?"
[[ -n -eq ]]; echo "-n -eq: $?"
[[ -z == || -n x ]]; echo "or: $?"
[[ ( -n =~ ) ]]; echo "paren: $?"
x=-n
[[ $x == -n ]]; echo "expanded: $?"
[[ -n == x ]]
echo "not reached"
