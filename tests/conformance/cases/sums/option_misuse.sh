# check-stderr
for t in sha1sum sha224sum sha256sum sha384sum sha512sum b2sum md5sum; do $t --quiet /dev/null; echo "$t $?"; $t -c --tag /dev/null; echo "$t $?"; done
