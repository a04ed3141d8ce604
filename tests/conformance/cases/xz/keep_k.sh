printf 'k\n' > f
xz -k f; ls
rm f; unxz -k f.xz; ls; cat f
