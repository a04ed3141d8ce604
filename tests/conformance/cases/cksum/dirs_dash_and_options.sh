# check-stderr
mkdir d; printf 'abc' > -n
cksum d; echo "status $?"
printf 'abc' | cksum - -- -n
cksum --status -- -n; echo "status $?"
cksum -a sha1 --tag --untagged -- -n
cksum -a sha9 -- -n; echo "status $?"
