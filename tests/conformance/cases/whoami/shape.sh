# check-stderr
whoami | wc -l
[ "$(whoami)" = "$(id -un)" ] && echo same
whoami --bogus; echo "[$?]"
