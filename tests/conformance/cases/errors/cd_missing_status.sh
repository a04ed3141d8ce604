# check-stderr
cd ./no_such_dir
echo "status=$?"
