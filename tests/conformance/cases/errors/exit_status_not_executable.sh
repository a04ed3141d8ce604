# check-stderr
printf 'echo hi\n' > plain.sh
./plain.sh
echo "status=$?"
