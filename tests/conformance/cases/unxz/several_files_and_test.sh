# check-stderr
printf 'one\n' > a; printf 'two\n' > b
xz a b; ls
unxz -t a.xz b.xz; echo "status $?"
unxz a.xz b.xz; echo "status $?"; ls; cat a b
