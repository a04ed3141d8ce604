printf 'a\nb' > f; printf 'a\nc' > g
diff -u f g > p
patch f < p; echo "status $?"
od -c f
