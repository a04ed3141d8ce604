# check-stderr
ulimit -Q
echo "status=$?"
ulimit -n 64
ulimit -n
ulimit -Sn -- 32
ulimit -Sn
ulimit -n -H 2>&1
echo "status=$?"
