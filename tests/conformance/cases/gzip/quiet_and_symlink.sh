# check-stderr
printf 'a\n' > f; ln -s f l
gzip l; echo "status $?"
gunzip -q f; echo "status $?"
gunzip f; echo "status $?"
mkdir d; gzip -q d; echo "status $?"; gzip d; echo "status $?"
ls
