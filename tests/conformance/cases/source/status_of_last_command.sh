echo 'false' > s.sh
. ./s.sh
echo "status=$?"
