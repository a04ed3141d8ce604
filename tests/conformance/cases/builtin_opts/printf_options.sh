# check-stderr
printf -v
echo "status=$?"
printf -v v -- '%s' x
echo "$v"
printf -- '-%s\n' dash
printf -Q
echo "status=$?"
