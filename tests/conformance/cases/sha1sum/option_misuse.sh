# check-stderr
printf 'abc' > f
sha1sum --status f; echo "status $?"
sha1sum --quiet f; echo "status $?"
sha1sum --strict f; echo "status $?"
sha1sum --ignore-missing f; echo "status $?"
sha1sum -c --tag f; echo "status $?"
