printf 'x' > 'b c'
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t --tag 'b c'; done
