mkdir sub; printf 'a\nb\n' > sub/f
cat > p <<'P'
--- f
+++ f
@@ -1,2 +1,2 @@
-a
+A
 b
P
patch -d sub -p0 < p; echo "status $?"
cat sub/f
