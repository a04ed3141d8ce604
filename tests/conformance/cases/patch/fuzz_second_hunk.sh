seq 1 20 > f
cat > p <<'P'
--- f
+++ f
@@ -2,3 +2,3 @@
 2
-3
+three
 4
@@ -15,3 +15,3 @@
 nope
-16
+sixteen
 17
P
patch -p0 --no-backup-if-mismatch < p; echo "status $?"
cat f; ls
