printf 'return 1\n' > inner.sh
printf '. ./inner.sh\necho "inner gave $?"\nreturn 2\n' > outer.sh
. ./outer.sh
echo "outer gave $?"
