printf '1\n' > a
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t a > s; $t -c --status s; echo "status $?"; $t -c --quiet s; echo "quiet $?"; done
