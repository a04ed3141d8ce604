printf 'a\nb\n' > 'my file'; printf 'a\nc\n' > g
diff -u 'my file' g > p
patch 'my file' < p; echo "status $?"
cat 'my file'
