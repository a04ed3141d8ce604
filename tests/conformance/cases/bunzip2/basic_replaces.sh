printf 'hello\nworld\n' > f
bzip2 f; ls
bunzip2 f.bz2; echo "status $?"; ls; cat f
