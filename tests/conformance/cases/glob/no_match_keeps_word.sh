echo *.none
echo 'x'?y
