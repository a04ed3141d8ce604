# check-stderr
printf 'a\nb\nc\n' > f
unix2dos f; echo "status $?"
od -c f
