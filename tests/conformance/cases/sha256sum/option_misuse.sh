# check-stderr
printf 'abc' > f
sha256sum --status f; echo "status $?"
sha256sum --quiet f; echo "status $?"
sha256sum --strict f; echo "status $?"
sha256sum --ignore-missing f; echo "status $?"
sha256sum -c --tag f; echo "status $?"
