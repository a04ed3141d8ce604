mkdir d; printf 'auto\n' > d/f
tar caf a.tar.gz d; tar caf a.tar.xz d
gzip -dc a.tar.gz | tar tf -
xz -dc a.tar.xz | tar tf -
