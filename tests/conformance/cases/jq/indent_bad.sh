# check-stderr
# jq 1.7 differs from the recorded 1.6: only the address in the usage hint (https://jqlang.github.io/jq in 1.7); .err written by hand
jq --indent 8 . <<< 1
echo "status=$?"
