printf 'x\ny\n' | xz | unxz; echo "status $?"
printf 'abc\n' > f; xz f
unxz -c f.xz; echo "status $?"; ls
unxz < f.xz; unxz -c - < f.xz
