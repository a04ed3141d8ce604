set -e
printf 'false\necho in-source-after\n' > s.sh
. ./s.sh
echo not reached
