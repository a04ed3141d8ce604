false | true | false
ps=("${PIPESTATUS[@]}")
echo "${#ps[@]}: ${ps[*]}"
