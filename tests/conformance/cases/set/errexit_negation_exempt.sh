set -e
! true
echo survived
