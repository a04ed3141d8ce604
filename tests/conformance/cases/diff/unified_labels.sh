printf 'one\ntwo\nthree\nfour\n' > old; printf 'one\n2\nthree\nfour\nfive\n' > new
diff -u --label a/file --label b/file old new; echo "status $?"
