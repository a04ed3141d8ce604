# check-stderr
printf '1\n' > a
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do { $t a; echo '0000  gone'; } > s; $t -c --ignore-missing s; echo "$t $?"; done
