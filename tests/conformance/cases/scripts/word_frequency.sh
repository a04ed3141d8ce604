text='the cat and the hat and the bat'
declare -A freq
for w in $text; do (( freq[$w]++ )); done
for w in "${!freq[@]}"; do echo "${freq[$w]} $w"; done | sort -k1,1nr -k2
