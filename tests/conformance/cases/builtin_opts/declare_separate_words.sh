# check-stderr
declare -a -r arr=(a b)
declare -p arr
declare -l -x low=ABC
declare -p low
