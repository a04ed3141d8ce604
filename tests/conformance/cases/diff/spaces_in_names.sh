printf 'a\n' > 'my file'; printf 'b\n' > 'your file'
diff 'my file' 'your file'; echo "status $?"
diff -q 'my file' 'your file'
touch -d '2024-01-02 03:04:05' 'my file' 'your file'
diff -u 'my file' 'your file'
