set -e
false && echo no
false || echo recovered
echo survived
