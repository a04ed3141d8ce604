# check-stderr
f() { :; }
v=1
unset -fv f
echo "status=$?"
unset -vn v
echo "${v-unset}"
