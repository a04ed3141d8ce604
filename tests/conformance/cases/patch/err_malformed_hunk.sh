# check-stderr
printf 'a\n' > f
printf -- '--- f\n+++ f\n@@ -1,2 +1,2 @@\n-a\n' > p
patch -p0 < p; echo "status $?"
