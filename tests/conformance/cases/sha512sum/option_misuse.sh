# check-stderr
printf 'abc' > f
sha512sum --status f; echo "status $?"
sha512sum --quiet f; echo "status $?"
sha512sum --strict f; echo "status $?"
sha512sum --ignore-missing f; echo "status $?"
sha512sum -c --tag f; echo "status $?"
