# check-stderr
trap 'echo a' USR1
trap - USR1
trap -p USR1
echo "[$?]"
trap 'echo e' EXIT
trap -- - EXIT
trap -p
echo end
