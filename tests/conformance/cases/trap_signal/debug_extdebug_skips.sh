# Under shopt -s extdebug a DEBUG trap that fails skips the command (status 0), in functions too (extdebug implies set -T).
trap '[[ $BASH_COMMAND != *skip* ]]' DEBUG
echo "no extdebug: runs skip"
shopt -s extdebug
false; echo skip; echo "rc=$?"
true; x=5 echo skip; echo "rc=$?"
for i in 1; do echo skip-in-for; done
if true; then echo a; fi
(( 1 )); [[ skip == x ]]; echo "rc=$?"
(( skip = 3 )); echo "skip=${skip-unset}"
f() { echo in-f; echo skip-in-f; }; f
trap - DEBUG
echo end
