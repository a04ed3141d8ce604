printf 'k\n' > f
bzip2 -k f; ls
rm f; bunzip2 -k f.bz2; ls; cat f
