# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 treats error(null) as empty; 1.7 throws null (jqlang/jq#2823), reported "(not a string): null", status 5; .out/.err written by hand
jq -n 'error(null)'
echo "status=$?"
jq -nc 'try error(null) catch [.]'
