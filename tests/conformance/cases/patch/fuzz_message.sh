seq 1 10 > f
cat > p <<'P'
--- f
+++ f
@@ -2,7 +2,7 @@
 X
 3
 4
-5
+five
 6
 7
 Y
P
patch -p0 < p; echo "status $?"
cat f
