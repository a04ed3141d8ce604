# check-stderr
trap 'echo t' USR2
trap USR2
trap -p USR2
echo "[$?]"
