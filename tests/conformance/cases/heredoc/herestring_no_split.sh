v='x   y'
cat <<< $v
cat <<< "$v"
