# check-stderr
printf 'x' > f
sha512sum --text --tag f; echo "status $?"
sha512sum --tag --text f; echo "status $?"
