echo 'sv=1; sf() { echo sf; }' > s.sh
. ./s.sh
echo "$sv"; sf
