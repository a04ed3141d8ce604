# check-stderr
printf 'a\n' > f
unix2dos --bogus f > /dev/null; echo "status $?"
unix2dos -c; echo "status $?"
unix2dos --help | head -n 1
od -c f
