printf 'false\nreturn\n' > s.sh
. ./s.sh
echo "status=$?"
