# check-stderr
printf 'a\n' > f; ln -s f l; mkdir d
xz l; echo "status $?"
xz d; echo "status $?"
unxz f; echo "status $?"
xz -F foo f; echo "status $?"
xz -F lzma f; echo "status $?"; ls
xz -d f.lzma; echo "status $?"; cat f
xz -d < /dev/null; echo "status $?"
xz -k f; xz f; echo "status $?"
