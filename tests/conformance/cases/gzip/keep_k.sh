printf 'keep me\n' > f
gzip -k f; echo "status $?"
ls
rm f; gzip -dk f.gz; ls; cat f
