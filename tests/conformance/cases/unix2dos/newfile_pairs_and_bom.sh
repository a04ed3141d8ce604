# check-stderr
printf '1\n' > a; printf '\357\273\2772\n' > b
unix2dos -n a a2 b b2; echo "status $?"
od -c a2 b2
unix2dos -m -n a a3; echo "status $?"
od -c a3
