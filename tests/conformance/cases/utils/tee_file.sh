echo hi | tee f
cat f
echo again | tee -a f > /dev/null
cat f
