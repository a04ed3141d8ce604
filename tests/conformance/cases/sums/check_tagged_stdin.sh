printf 'data\n' > d
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t --tag d | $t -c; done
