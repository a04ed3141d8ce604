seq 1 30 > f
cat > p <<'P'
--- f
+++ f
@@ -5,7 +5,7 @@
 X
 11
 12
-13
+thirteen
 14
 15
 16
P
patch -p0 < p; echo "status $?"
sed -n 11,16p f
