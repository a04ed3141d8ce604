# check-stderr
printf 'echo first\nif then\n' > bad.sh
source ./bad.sh
echo "status=$?"
