printf 'f() { return 5; }\nf\necho "f=$?"\n' > s.sh
. ./s.sh
echo "end"
