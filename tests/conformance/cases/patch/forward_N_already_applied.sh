printf 'a\nb\n' > f; printf 'a\nc\n' > g
diff -u --label f --label f f g > p
patch -p0 < p
patch -N -p0 < p; echo "status $?"
cat f; ls
