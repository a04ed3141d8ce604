# check-stderr
printf 'x' > f
sha256sum -t --tag f; echo "status $?"
sha256sum --tag -t f; echo "status $?"
sha256sum --tag -t -c f; echo "status $?"
sha256sum -t --tag --status f; echo "status $?"
sha256sum --tag -b f; echo "status $?"
