read -r x < <(echo hi there)
echo "$x"
