printf 1 > a; printf 2 > b; printf 3 > c
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t a b c; done
