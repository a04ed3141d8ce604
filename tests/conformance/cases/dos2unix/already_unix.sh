# check-stderr
printf 'a\nb\n' > f
dos2unix f; echo "status $?"
od -c f
