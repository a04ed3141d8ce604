printf 'hello\nworld\n' > f
xz f; ls
unxz f.xz; echo "status $?"; ls; cat f
