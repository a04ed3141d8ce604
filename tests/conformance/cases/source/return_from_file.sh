printf 'echo before\nreturn 3\necho not reached\n' > s.sh
source ./s.sh
echo "status=$?"
