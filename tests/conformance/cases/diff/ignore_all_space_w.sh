printf 'a b c\nfoo\n' > f1; printf 'abc\n  foo  \n' > f2
diff -w f1 f2; echo "status $?"
