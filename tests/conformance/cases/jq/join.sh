jq -nj '"a", 1, "b", [2]'
echo
