printf 'one\ntwo\nthree\nfour\n' > old; printf 'one\n2\nthree\nfour\nfive\n' > new
diff -c --label a/file --label b/file old new; echo "status $?"
