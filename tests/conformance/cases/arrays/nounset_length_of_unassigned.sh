# check-stderr
set -u
declare -a ua; echo "${ua[@]-none}"; echo "${#ua[@]}"; echo same-line
echo "next $?"
a=(); echo "${#a[@]}"
echo "${#zz[@]}"
echo "end $?"
declare -A h; echo "${#h[@]}"
echo last
