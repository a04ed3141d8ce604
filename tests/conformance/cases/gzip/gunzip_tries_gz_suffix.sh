# check-stderr
printf 'abc\n' > f; gzip f; ls
gunzip f; echo "status $?"; ls; cat f
gunzip nosuch; echo "status $?"
gzip -d -c nosuch; echo "status $?"
