set -e
false || true
if false; then :; fi
! true
false && true
while false; do :; done
echo survived
