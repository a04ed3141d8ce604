# check-stderr
for b in exit return shift break continue let kill pushd popd dirs set caller wait jobs disown declare typeset local export readonly unset cd pwd eval source . exec trap builtin command type hash help enable compgen umask shopt getopts read mapfile readarray printf alias unalias ulimit; do
  "$b" --help | head -1
  echo "$b st=${PIPESTATUS[0]}"
done
f() { local -x --help | head -1; }; f
declare -i --help | head -1
echo --help; true --help; echo "st=$?"; false --help; echo "st=$?"; test --help; echo "st=$?"
