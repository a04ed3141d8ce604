# check-stderr
printf 'bad\n' | sha1sum -c -w; echo "status $?"
printf '# only a comment\n' | sha1sum -c -; echo "status $?"
printf 'abc' > f; sha1sum f | sed 's/ f$/ nof/' | sha1sum -c --ignore-missing; echo "status $?"
