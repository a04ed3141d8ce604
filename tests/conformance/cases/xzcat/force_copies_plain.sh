# check-stderr
printf 'plain\n' > p; printf 'one\n' | xz > a.xz
xzcat -f p a.xz; echo "status $?"
xz -dcf p; echo "status $?"
printf '' | xzcat -f; echo "status $?"
xz -dctf p; echo "status $?"
