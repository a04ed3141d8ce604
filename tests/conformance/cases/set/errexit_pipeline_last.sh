set -e
false | true
echo survived
true | false
echo not reached
