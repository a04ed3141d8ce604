seq 1 10 > f
cat > p <<'P'
--- f
+++ f
@@ -1,3 +1,3 @@
 4
-5
+five
 6
P
patch -p0 < p; echo "status $?"
cat f
