# check-stderr
cd /
pwd -LP
pwd -- 
pwd -Q
echo "status=$?"
