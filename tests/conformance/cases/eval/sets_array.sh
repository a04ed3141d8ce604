eval 'arr=(a b c)'
echo "${#arr[@]}"
