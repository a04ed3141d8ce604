set -e
while false; do :; done
until true; do :; done
echo survived
