# check-stderr
set -- -z
getopts a opt
echo "$opt $?"
