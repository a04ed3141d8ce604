set -e
if false; then echo no; fi
echo survived
