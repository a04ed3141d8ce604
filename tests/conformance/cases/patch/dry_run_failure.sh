printf 'a\nb\n' > f
printf -- '--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-x\n+y\n' > p
patch --dry-run -p0 < p; echo "status $?"
ls
