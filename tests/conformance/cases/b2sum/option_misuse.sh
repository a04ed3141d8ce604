# check-stderr
printf 'abc' > f
b2sum --status f; echo "status $?"
b2sum --quiet f; echo "status $?"
b2sum --strict f; echo "status $?"
b2sum --ignore-missing f; echo "status $?"
b2sum -c --tag f; echo "status $?"
