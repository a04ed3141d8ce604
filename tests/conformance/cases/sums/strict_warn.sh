# check-stderr
printf '1\n' > a
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do { $t a; echo junk; } > s; $t -c --strict -w s; echo "$t $?"; done
