# check-stderr
readonly -aA 2>&1 >/dev/null
readonly -a arr=(1 2)
declare -p arr
readonly -- r=1
declare -p r
