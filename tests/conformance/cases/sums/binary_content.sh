printf '\0\377\001\n\0' > bin
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t bin; $t -b bin; done
