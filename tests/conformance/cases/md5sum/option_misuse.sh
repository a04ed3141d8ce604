# check-stderr
printf 'abc' > f
md5sum --status f; echo "status $?"
md5sum --quiet f; echo "status $?"
md5sum --strict f; echo "status $?"
md5sum --ignore-missing f; echo "status $?"
md5sum -c --tag f; echo "status $?"
