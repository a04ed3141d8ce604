# check-stderr
printf 'abc' > a
cksum -z a | tr '\0' '@'; echo
cksum -a md5 -z a | tr '\0' '@'; echo
cksum -a md5 --untagged -z a | tr '\0' '@'; echo
{ cksum -a md5 a; echo bad; echo; echo '# comment'; } > sums
cksum -c -w sums; echo "status $?"
cksum -c --strict sums; echo "status $?"
cksum -a crc -c sums; echo "status $?"
