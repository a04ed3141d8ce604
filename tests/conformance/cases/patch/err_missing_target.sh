# check-stderr
cat > p <<'P'
--- nosuch
+++ nosuch
@@ -1 +1 @@
-a
+b
P
patch -p0 -f < p; echo "status $?"
