mkdir -p d; printf '1\n2\n3\n' > d/f
cat > p <<'P'
--- d/f
+++ d/f
@@ -1,3 +1,3 @@
 1
-2
+two
 3
P
patch -p0 < p; echo "status $?"
cat d/f
