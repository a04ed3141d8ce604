# check-stderr
nosuchcommand_zz
echo "status=$?"
