# check-stderr
command nosuch_cmd_xyz
echo "status=$?"
