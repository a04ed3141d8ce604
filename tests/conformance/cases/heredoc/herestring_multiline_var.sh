v=$'a\nb'
cat <<< "$v"
wc -l <<< "$v"
