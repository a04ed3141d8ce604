printf '1\n' > a; printf '2\n' > b
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t a b > s; $t -c s; echo "$t $?"; done
