# check-stderr
cd -Q /
echo "status=$?"
cd -LQ /
echo "status=$?"
