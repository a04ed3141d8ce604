printf 'hello\nworld\n' > f
gzip f; ls
gunzip f.gz; echo "status $?"; ls; cat f
