printf 'a\nb\nc\n' > f1; printf 'a\nx\nc\n' > f2
diff -y -W 30 --suppress-common-lines f1 f2
