mkdir -p src; printf 'x\ny\n' > src/file.txt
cat > change.patch <<'P'
--- a/src/file.txt
+++ b/src/file.txt
@@ -1,2 +1,2 @@
 x
-y
+z
P
patch -p1 < change.patch; echo "status $?"
cat src/file.txt
