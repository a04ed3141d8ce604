printf 'a\nb\nc\n' > f
cat > p <<'P'
--- f
+++ f
@@ -1,3 +1,3 @@
 x
-y
+Y
 z
P
patch -p0 --no-backup-if-mismatch < p; echo "status $?"
cat f; echo ---; cat f.rej; ls
