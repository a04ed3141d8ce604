printf 'a\0b\nsame\n' > f1; printf 'a\0c\nsame\n' > f2
diff -a f1 f2 | od -c; echo "status ${PIPESTATUS[0]}"
