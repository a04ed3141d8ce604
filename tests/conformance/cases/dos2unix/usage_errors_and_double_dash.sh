# check-stderr
printf 'a\r\n' > f
dos2unix --bogus > /dev/null; echo "status $?"
dos2unix -e f > /dev/null; echo "status $?"
dos2unix -c; echo "status $?"
dos2unix --convmode; echo "status $?"
dos2unix -c foo f; echo "status $?"
dos2unix -h | head -n 1
dos2unix -- f; echo "status $?"
od -c f
