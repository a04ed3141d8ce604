# check-stderr
type nosuch_cmd
echo "status=$?"
