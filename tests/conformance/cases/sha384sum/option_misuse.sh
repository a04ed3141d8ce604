# check-stderr
printf 'abc' > f
sha384sum --status f; echo "status $?"
sha384sum --quiet f; echo "status $?"
sha384sum --strict f; echo "status $?"
sha384sum --ignore-missing f; echo "status $?"
sha384sum -c --tag f; echo "status $?"
