# check-stderr
printf 'abc' > f
sha224sum --status f; echo "status $?"
sha224sum --quiet f; echo "status $?"
sha224sum --strict f; echo "status $?"
sha224sum --ignore-missing f; echo "status $?"
sha224sum -c --tag f; echo "status $?"
