# check-stderr
readonly arr=(1)
printf 'a\n' | { mapfile arr; echo "status=$?"; }
